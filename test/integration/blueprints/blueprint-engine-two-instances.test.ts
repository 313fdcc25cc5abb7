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

/**
 * LISTEN/NOTIFY wake-ups: instance A carries out no blueprint run (its engine never starts) and B's engine polls
 * only every 10 minutes, so B can only learn of work made on A through a notification: a run queued on A, and
 * the completion on A of a `task` step's child run.
 */
describe('the blueprint engine woken by NOTIFY from another instance', function () {
  this.timeout(120_000);
  const env = { JWT_ISSUER: 'https://api.example.test' };
  const a = suiteApp(env, { dispose: true });
  const b = suiteApp({ ...env, BLUEPRINT_ENGINE_POLL_INTERVAL_MS: '600000' }, { dispose: true });
  const owner = suiteUser(a);
  const workspace = suiteWorkspace(a, owner, 'Woken');

  before(async () => {
    b.container.cradle.blueprintEngine.start();
    // B listens (its first poll ran at start, before any run of this suite existed).
    await within(10_000, "B's LISTEN connection up", async () =>
      Boolean(b.container.cradle.engineWakeUps?.isListening()),
    );
  });
  after(() => b.container.cradle.blueprintEngine.stop());

  it('a run queued on A is started by B at once, and a task child completed on A is collected by B', async () => {
    const blueprint = await api(a, owner, 'POST', '/api/blueprints', {
      workspace_id: workspace.id,
      name: 'Woken',
      graph: {
        nodes: [
          { id: 'prepare', kind: 'code', config: { source: 'function main(i) { return { n: i.n + 1 } }' } },
          { id: 'work', kind: 'task', config: { task_type: 'woken' } },
          { id: 'done', kind: 'condition' },
        ],
        edges: [
          { from: 'prepare', to: 'work' },
          { from: 'work', to: 'done' },
        ],
      },
    });
    const mission = await api(a, owner, 'POST', '/api/missions', {
      workspace_id: workspace.id,
      name: 'Woken',
      blueprint: { id: blueprint.body.id },
    });
    const run = await api(a, owner, 'POST', `/api/missions/${mission.body.id}/runs`, { input: { n: 1 } });
    expect(run.status).to.equal(202);
    let child: { id: string; input: object } | undefined;
    // Far sooner than B's poll: only a notification can have told B.
    await within(
      30_000,
      'the task child claimable on A',
      async () => {
        const claim = await api(a, owner, 'POST', '/api/runs/claim', {
          workspace_id: workspace.id,
          task_types: ['woken'],
        });
        if (claim.status === 200) child = claim.body;
        return claim.status === 200;
      },
      100,
    );
    expect(child?.input).to.deep.equal({ n: 2 });
    const completed = await api(a, owner, 'POST', `/api/runs/${child?.id}/complete`, {
      status: 'succeeded',
      output: { ok: true },
    });
    expect(completed.status).to.equal(200);
    await within(
      30_000,
      'the run finished',
      async () => (await api(a, owner, 'GET', `/api/runs/${run.body.id}`)).body.status === 'succeeded',
      100,
    );
    const finished = await api(a, owner, 'GET', `/api/runs/${run.body.id}`);
    expect(finished.body.output).to.deep.equal({ done: { ok: true } });
  });
});
