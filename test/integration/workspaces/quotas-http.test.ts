import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { type SignedUp, signUp, startTestApp, type TestApp } from '../../support/test-app.ts';

describe('quotas per workspace over HTTP: 409 quota_exceeded naming the limit', () => {
  let app: TestApp;
  let owner: SignedUp;
  let workspaceId: string;
  let missionId: string;

  before(async () => {
    app = await startTestApp({
      QUOTA_MISSIONS: '2',
      QUOTA_SCHEDULES: '1',
      QUOTA_TRIGGERS: '1',
      QUOTA_WEBHOOK_ENDPOINTS: '1',
      QUOTA_API_KEYS: '1',
      QUOTA_WORKSPACES_PER_USER: '1',
      QUOTA_QUEUED_RUNS_PER_MISSION: '2',
    });
    owner = await signUp(app);
    workspaceId = (await api(app, owner, 'POST', '/api/workspaces', { name: 'Limited' })).body.id;
    missionId = (await api(app, owner, 'POST', '/api/missions', { workspace_id: workspaceId, name: 'm' }))
      .body.id;
  });
  after(async () => app?.close());

  async function expectQuota(name: string, max: number, send: () => ReturnType<typeof api>) {
    const refused = await send();
    expect(refused.status, JSON.stringify(refused.body)).to.equal(409);
    expect(refused.body).to.deep.include({ code: 'quota_exceeded', limit: { name, max } });
  }

  it('counts missions, schedules, triggers, endpoints, API keys, shared workspaces and queued runs', async () => {
    expect(
      (await api(app, owner, 'POST', '/api/missions', { workspace_id: workspaceId, name: 'n' })).status,
    ).to.equal(201);
    await expectQuota('missions', 2, () =>
      api(app, owner, 'POST', '/api/missions', { workspace_id: workspaceId, name: 'o' }),
    );

    const schedule = { mission_id: missionId, name: 's', cron: '* * * * *' };
    expect((await api(app, owner, 'POST', '/api/schedules', schedule)).status).to.equal(201);
    await expectQuota('schedules', 1, () => api(app, owner, 'POST', '/api/schedules', schedule));

    const trigger = { mission_id: missionId, name: 't' };
    const made = await api(app, owner, 'POST', '/api/triggers', trigger);
    expect(made.status).to.equal(201);
    await expectQuota('triggers', 1, () => api(app, owner, 'POST', '/api/triggers', trigger));
    // A deleted trigger no longer counts.
    expect((await api(app, owner, 'DELETE', `/api/triggers/${made.body.id}`)).status).to.equal(204);
    expect((await api(app, owner, 'POST', '/api/triggers', trigger)).status).to.equal(201);

    const endpoint = { url: 'https://hooks.example.com/in', event_types: ['run.failed'] };
    const endpoints = `/api/workspaces/${workspaceId}/webhook-endpoints`;
    expect((await api(app, owner, 'POST', endpoints, endpoint)).status).to.equal(201);
    await expectQuota('webhook_endpoints', 1, () => api(app, owner, 'POST', endpoints, endpoint));

    const keys = `/api/workspaces/${workspaceId}/api-keys`;
    const key = await api(app, owner, 'POST', keys, { name: 'k', role: 'member' });
    expect(key.status).to.equal(201);
    await expectQuota('api_keys', 1, () => api(app, owner, 'POST', keys, { name: 'l', role: 'member' }));
    // A revoked key no longer counts.
    expect((await api(app, owner, 'DELETE', `${keys}/${key.body.id}`)).status).to.equal(204);
    expect((await api(app, owner, 'POST', keys, { name: 'l', role: 'member' })).status).to.equal(201);

    await expectQuota('workspaces', 1, () => api(app, owner, 'POST', '/api/workspaces', { name: 'Second' }));

    const runs = `/api/missions/${missionId}/runs`;
    expect((await api(app, owner, 'POST', runs, {})).status).to.equal(202);
    expect((await api(app, owner, 'POST', runs, {})).status).to.equal(202);
    await expectQuota('queued_runs', 2, () => api(app, owner, 'POST', runs, {}));
  });
});
