import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('mission run policy over HTTP (PostgreSQL)', () => {
  const app = suiteApp();
  const owner = suiteUser(app);
  const workspace = suiteWorkspace(app, owner, 'Policy');

  async function mission(policy: object) {
    const created = await api(app, owner, 'POST', '/api/missions', {
      workspace_id: workspace.id,
      name: 'p',
      policy,
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    return created.body;
  }
  const start = async (missionId: string, input: object = {}) =>
    (await api(app, owner, 'POST', `/api/missions/${missionId}/runs`, { input })).body;
  const claim = (missionId: string) =>
    api(app, owner, 'POST', '/api/runs/claim', { workspace_id: workspace.id, mission_ids: [missionId] });

  it('creates, reads and patches a policy; every answer shows all five fields', async () => {
    const created = await mission({
      timeout_seconds: 600,
      concurrency_limit: 3,
      concurrency_key: '/body/customer_id',
    });
    expect(created.policy).to.deep.equal({
      timeout_seconds: 600,
      max_attempts: null,
      retry_backoff_seconds: null,
      concurrency_limit: 3,
      concurrency_key: '/body/customer_id',
    });
    const patched = await api(app, owner, 'PATCH', `/api/missions/${created.id}`, {
      policy: { max_attempts: 5, timeout_seconds: null },
    });
    expect(patched.status).to.equal(200);
    expect(patched.body.policy).to.deep.equal({ ...created.policy, max_attempts: 5, timeout_seconds: null });
    expect((await api(app, owner, 'GET', `/api/missions/${created.id}`)).body.policy).to.deep.equal(
      patched.body.policy,
    );
    const plain = await mission({});
    expect(Object.values(plain.policy)).to.deep.equal([null, null, null, null, null]);
  });

  it('refuses bad policies with 400 validation_failed', async () => {
    for (const policy of [
      { timeout_seconds: 0 },
      { max_attempts: 101 },
      { retry_backoff_seconds: 'ten' },
      { concurrency_key: '/a' },
      { concurrency_limit: 1, concurrency_key: 'customer' },
      { colour: 'red' },
    ]) {
      const response = await api(app, owner, 'POST', '/api/missions', {
        workspace_id: workspace.id,
        name: 'p',
        policy,
      });
      expect(response.status, JSON.stringify(policy)).to.equal(400);
      expect(response.body.code).to.equal('validation_failed');
    }
  });

  it('retries a retryable failure after the backoff, showing attempt and not_before', async () => {
    const m = await mission({ max_attempts: 2, retry_backoff_seconds: 1 });
    const run = await start(m.id);
    expect(run).to.include({ attempt: 1, not_before: run.created_at });
    expect((await claim(m.id)).status).to.equal(200);
    const failed = await api(app, owner, 'POST', `/api/runs/${run.id}/complete`, {
      status: 'failed',
      retryable: true,
      error: { message: 'upstream busy' },
    });
    expect(failed.status).to.equal(200);
    expect(failed.body).to.deep.include({
      status: 'queued',
      attempt: 2,
      error: { message: 'upstream busy' },
    });
    const waitMs = Date.parse(failed.body.not_before) - Date.now();
    expect(waitMs).to.be.within(0, 1000);
    expect((await claim(m.id)).status, 'still backing off').to.equal(204);
    await sleep(waitMs + 20);
    const second = await claim(m.id);
    expect(second.body).to.include({ id: run.id, attempt: 2, status: 'running' });
    const done = await api(app, owner, 'POST', `/api/runs/${run.id}/complete`, {
      status: 'failed',
      retryable: true,
    });
    expect(done.body).to.include({ status: 'failed', attempt: 2 });
  });

  it('fails a running attempt past timeout_seconds with error.code "timeout"', async () => {
    const m = await mission({ timeout_seconds: 1, max_attempts: 3 });
    const run = await start(m.id);
    const claimed = await claim(m.id);
    expect(Date.parse(claimed.body.lease_expires_at) - Date.parse(claimed.body.started_at)).to.equal(1000);
    await sleep(1050);
    expect((await claim(m.id)).status).to.equal(204);
    const ended = (await api(app, owner, 'GET', `/api/runs/${run.id}`)).body;
    expect(ended).to.deep.include({
      status: 'failed',
      error: { code: 'timeout', message: 'the attempt ran past its 1 s timeout' },
    });
    const late = await api(app, owner, 'POST', `/api/runs/${run.id}/heartbeat`, {});
    expect(late.status).to.equal(409);
  });

  it('caps running runs per concurrency key value and skips, not blocks, the waiting ones', async () => {
    const m = await mission({ concurrency_limit: 1, concurrency_key: '/customer' });
    const a1 = await start(m.id, { customer: 'a' });
    const a2 = await start(m.id, { customer: 'a' });
    const b1 = await start(m.id, { customer: 'b' });
    expect((await claim(m.id)).body.id).to.equal(a1.id);
    expect((await claim(m.id)).body.id, 'a2 is skipped').to.equal(b1.id);
    expect((await claim(m.id)).status).to.equal(204);
    await api(app, owner, 'POST', `/api/runs/${a1.id}/complete`, { status: 'succeeded' });
    expect((await claim(m.id)).body.id).to.equal(a2.id);
  });
});
