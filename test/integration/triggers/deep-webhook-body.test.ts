import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { suiteApp, suiteWebhookOwner } from '../../support/http-suite.ts';
import { json } from '../../support/json.ts';
import { createTrigger, deliver } from '../../support/webhook-fixture.ts';

/** `{"a":[[[...]]]}`: 12 KB of JSON nested `levels` deep. */
const nested = (levels: number) => `{"a":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;

const isProblem = (response: { headers: Headers }) =>
  expect(response.headers.get('content-type')).to.match(/^application\/problem\+json/);

describe('JSON nested thousands of levels deep (RELIABILITY finding 1)', () => {
  const app = suiteApp();
  const owner = suiteWebhookOwner(app);

  it('a signed webhook body 6,000 levels deep is accepted, and its run, run list, delivery and claim all answer', async () => {
    const trigger = await createTrigger(app, owner);
    const body = nested(6000);
    const accepted = await deliver(app, trigger.webhook_path, body, trigger.signing_secret);
    const receipt = await json(accepted);
    expect(accepted.status, JSON.stringify(receipt)).to.equal(202);

    const run = await api(app, owner.user, 'GET', `/api/runs/${receipt.run_id}`);
    expect(run.status, JSON.stringify(run.body)).to.equal(200);
    // Too deep to be shown as JSON: shown as its text, like a JSON body that does not parse.
    expect(run.body.input.body).to.equal(body);

    const list = await api(app, owner.user, 'GET', `/api/runs?workspace_id=${owner.workspaceId}&limit=200`);
    expect(list.status, JSON.stringify(list.body)).to.equal(200);
    expect(list.body.items.map((item: { id: string }) => item.id)).to.include(receipt.run_id);

    const delivery = await api(app, owner.user, 'GET', `/api/deliveries/${receipt.delivery_id}`);
    expect(delivery.status, JSON.stringify(delivery.body)).to.equal(200);
    expect(delivery.body.body).to.equal(body);
    expect(Buffer.from(delivery.body.raw_body_base64, 'base64').toString()).to.equal(body);

    // The worker learns the id of the run its claim took: no run is left running for nobody.
    const claimed = await api(app, owner.user, 'POST', '/api/runs/claim', {
      workspace_id: owner.workspaceId,
    });
    expect(claimed.status, JSON.stringify(claimed.body)).to.equal(200);
    expect(claimed.body).to.include({ id: receipt.run_id, status: 'running' });
  });

  it('refuses JSON request bodies nested 6,000 levels deep with 400 problem+json, storing nothing', async () => {
    const deep = `{"workspace_id":"${owner.workspaceId}","name":"Deep","definition":${nested(6000)}}`;
    const refused = await app.request('/api/missions', {
      method: 'POST',
      headers: { ...owner.user.auth, 'content-type': 'application/json' },
      body: deep,
    });
    expect(refused.status).to.equal(400);
    isProblem(refused);
    expect((await json(refused)).code).to.equal('validation_failed');
    const missions = await api(app, owner.user, 'GET', `/api/missions?workspace_id=${owner.workspaceId}`);
    expect(missions.body.items.map((m: { name: string }) => m.name)).not.to.include('Deep');

    const started = await app.request(`/api/missions/${owner.missionId}/runs`, {
      method: 'POST',
      headers: { ...owner.user.auth, 'content-type': 'application/json' },
      body: `{"input":${nested(6000)}}`,
    });
    expect(started.status).to.equal(400);
    isProblem(started);
  });
});
