import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';
import { startReceiver } from '../../support/webhook-receiver.ts';
import { within } from '../../support/within.ts';

/** Two instances on one database, both running the engine: every step of every run is started once. */
describe('the blueprint engine on two instances sharing one database', function () {
  this.timeout(120_000);
  // Behind one load balancer every instance has one public identity: the issuer its tokens carry.
  const env = { OUTBOUND_WEBHOOKS_ALLOW_PRIVATE: 'true', JWT_ISSUER: 'https://api.example.test' };
  const [a, b] = [suiteApp(env, { dispose: true }), suiteApp(env, { dispose: true })];
  const owner = suiteUser(a);
  const workspace = suiteWorkspace(a, owner, 'Shared');

  before(() => {
    a.container.cradle.blueprintEngine.start();
    b.container.cradle.blueprintEngine.start();
  });
  after(async () => {
    await a.container.cradle.blueprintEngine.stop();
    await b.container.cradle.blueprintEngine.stop();
  });

  it('never starts a step twice: each http node of 20 runs reaches the receiver once', async () => {
    const receiver = await startReceiver();
    try {
      const call = (id: string) => ({
        id,
        kind: 'http',
        input: `{"run": input.n, "node": "${id}"}`,
        config: { method: 'POST', url: receiver.url },
      });
      const blueprint = await api(a, owner, 'POST', '/api/blueprints', {
        workspace_id: workspace.id,
        name: 'Fan',
        graph: {
          nodes: [call('one'), call('left'), call('right'), { id: 'join', kind: 'condition' }, call('last')],
          edges: [
            { from: 'one', to: 'left' },
            { from: 'one', to: 'right' },
            { from: 'left', to: 'join' },
            { from: 'right', to: 'join' },
            { from: 'join', to: 'last' },
          ],
        },
      });
      const mission = await api(a, owner, 'POST', '/api/missions', {
        workspace_id: workspace.id,
        name: 'Fan out',
        blueprint: { id: blueprint.body.id },
      });
      const runs: string[] = [];
      for (let n = 0; n < 20; n++) {
        const run = await api(n % 2 ? b : a, owner, 'POST', `/api/missions/${mission.body.id}/runs`, {
          input: { n },
        });
        expect(run.status).to.equal(202);
        runs.push(run.body.id);
      }
      await within(
        60_000,
        'every run finished',
        async () => {
          for (const id of runs) {
            const run = await api(a, owner, 'GET', `/api/runs/${id}`);
            if (run.body.status !== 'succeeded') return false;
          }
          return true;
        },
        200,
      );
      const calls = new Map<string, number>();
      for (const { body } of receiver.received) {
        const { run, node } = JSON.parse(body) as { run: number; node: string };
        calls.set(`${run}/${node}`, (calls.get(`${run}/${node}`) ?? 0) + 1);
      }
      expect(calls.size).to.equal(20 * 4);
      expect([...calls.values()].every((count) => count === 1)).to.equal(true);
      for (const id of runs) {
        const steps = (await api(b, owner, 'GET', `/api/runs/${id}/steps`)).body.items;
        expect(steps.every((step: { attempt: number }) => step.attempt === 1)).to.equal(true);
      }
    } finally {
      await receiver.close();
    }
  });
});
