import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { json } from '../../support/json.ts';
import { startTestApp, type TestApp } from '../../support/test-app.ts';
import {
  createTrigger,
  deliver,
  ownerWithMission,
  type WebhookOwner,
} from '../../support/webhook-fixture.ts';

const FAMILIES: [string, Record<string, string>][] = [
  ['PostgreSQL (group commit)', {}],
  ['memory', { PERSISTENCE: 'memory' }],
];

for (const [family, env] of FAMILIES) {
  describe(`webhook ingest honours the queued runs quota per mission (${family})`, () => {
    let app: TestApp;
    let owner: WebhookOwner;
    before(async () => {
      app = await startTestApp({ ...env, QUOTA_QUEUED_RUNS_PER_MISSION: '3' });
      owner = await ownerWithMission(app);
    });
    after(async () => app?.close());

    it('answers 409 quota_exceeded naming queued_runs once the mission holds the maximum, storing nothing', async () => {
      const { webhook_path: path, signing_secret: secret, id: triggerId } = await createTrigger(app, owner);
      // One run queued by hand, two by deliveries sent together (one batch on PostgreSQL): the queue is full.
      expect(
        (await api(app, owner.user, 'POST', `/api/missions/${owner.missionId}/runs`, {})).status,
      ).to.equal(202);
      const accepted = await Promise.all(
        ['{"n":1}', '{"n":2}'].map((body) => deliver(app, path, body, secret)),
      );
      expect(accepted.map((r) => r.status)).to.deep.equal([202, 202]);

      const refused = await deliver(app, path, '{"n":3}', secret);
      const problem = await json(refused);
      expect(refused.status, JSON.stringify(problem)).to.equal(409);
      expect(refused.headers.get('content-type')).to.match(/^application\/problem\+json/);
      expect(problem).to.deep.include({ code: 'quota_exceeded', limit: { name: 'queued_runs', max: 3 } });

      const runs = await api(
        app,
        owner.user,
        'GET',
        `/api/runs?workspace_id=${owner.workspaceId}&mission_id=${owner.missionId}&status=queued`,
      );
      expect(runs.body.items).to.have.length(3);
      const deliveries = await api(
        app,
        owner.user,
        'GET',
        `/api/triggers/${triggerId}/deliveries?status=accepted`,
      );
      expect(deliveries.body.items).to.have.length(2);
      // The owner sees why in the delivery log: a rejection, metadata only.
      const rejected = await api(
        app,
        owner.user,
        'GET',
        `/api/triggers/${triggerId}/deliveries?status=rejected`,
      );
      expect(rejected.body.items.map((d: { reason: string }) => d.reason)).to.deep.equal(['quota_exceeded']);

      // Replaying a stored delivery queues a run too: refused alike.
      const replay = await api(
        app,
        owner.user,
        'POST',
        `/api/deliveries/${deliveries.body.items[0].id}/replay`,
      );
      expect(replay.status, JSON.stringify(replay.body)).to.equal(409);
      expect(replay.body).to.deep.include({ code: 'quota_exceeded', limit: { name: 'queued_runs', max: 3 } });
    });
  });
}
