import { expect } from 'chai';
import {
  type ClaimedRun,
  RetryableError,
  RunCancelledError,
  runWorker,
  type WorkerOptions,
} from '../../clients/typescript/src/index.ts';
import { api } from '../support/api.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../support/http-suite.ts';
import { suiteValue } from '../support/suite-values.ts';
import { within } from '../support/within.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** The worker SDK serving blueprint `task` nodes: handlers by task type, retryable errors, cancellation. */
describe('worker SDK task handlers against the real server (PostgreSQL)', function () {
  this.timeout(60_000);
  const app = suiteApp();
  const owner = suiteUser(app);
  const workspace = suiteWorkspace(app, owner, 'Task workers');
  const key = suiteValue(async () => {
    const made = await api(app, owner, 'POST', `/api/workspaces/${workspace.id}/api-keys`, {
      name: 'worker',
      role: 'admin',
    });
    return { value: made.body.key as string };
  });

  before(() => app.container.cradle.blueprintEngine.start());
  after(() => app.container.cradle.blueprintEngine.stop());

  const options = (handlers: WorkerOptions['handlers']): WorkerOptions => ({
    baseUrl: app.baseUrl,
    apiKey: key.value,
    workspaceId: workspace.id,
    concurrency: 2,
    leaseSeconds: 5,
    idleBackoff: { initialMs: 20, maxMs: 100 },
    stopOnSignals: false,
    logger: quiet,
    handlers,
  });

  /** Starts a run of a new blueprint mission with these nodes (in a chain); returns the run's id. */
  async function startRun(nodes: object[]): Promise<string> {
    const edges = nodes.slice(1).map((node, index) => ({
      from: (nodes[index] as { id: string }).id,
      to: (node as { id: string }).id,
    }));
    const blueprint = await api(app, owner, 'POST', '/api/blueprints', {
      workspace_id: workspace.id,
      name: 'Tasks',
      graph: { nodes, edges },
    });
    expect(blueprint.status, JSON.stringify(blueprint.body)).to.equal(201);
    const mission = await api(app, owner, 'POST', '/api/missions', {
      workspace_id: workspace.id,
      name: 'Runs tasks',
      blueprint: { id: blueprint.body.id },
    });
    const run = await api(app, owner, 'POST', `/api/missions/${mission.body.id}/runs`, { input: { n: 2 } });
    expect(run.status, JSON.stringify(run.body)).to.equal(202);
    return run.body.id;
  }

  async function finished(runId: string) {
    let run = { status: 'queued' } as Record<string, unknown>;
    await within(
      20_000,
      `run ${runId} finished`,
      async () => {
        run = (await api(app, owner, 'GET', `/api/runs/${runId}`)).body;
        return ['succeeded', 'failed', 'cancelled'].includes(run.status as string);
      },
      50,
    );
    return run;
  }

  const steps = async (runId: string) =>
    (await api(app, owner, 'GET', `/api/runs/${runId}/steps`)).body.items as Record<string, unknown>[];

  it('serves a blueprint whose two task nodes use two task types, each with its own handler', async () => {
    const seen: string[] = [];
    const worker = runWorker(
      options({
        double: async (run: ClaimedRun) => {
          seen.push(`double:${run.step_id}`);
          return { n: (run.input as { n: number }).n * 2 };
        },
        describe: async (run: ClaimedRun) => {
          seen.push(`describe:${run.step_id}`);
          return { text: `n is ${(run.input as { n: number }).n}` };
        },
      }),
    );
    try {
      const runId = await startRun([
        { id: 'first', kind: 'task', config: { task_type: 'double' } },
        { id: 'second', kind: 'task', config: { task_type: 'describe' } },
      ]);
      const run = await finished(runId);
      expect(run.status, JSON.stringify(run)).to.equal('succeeded');
      expect(seen).to.deep.equal(['double:first', 'describe:second']);
      expect((await steps(runId)).map((step) => [step.node_id, step.status, step.output])).to.deep.equal([
        ['first', 'succeeded', { n: 4 }],
        ['second', 'succeeded', { text: 'n is 4' }],
      ]);
    } finally {
      await worker.stop();
    }
  });

  it('a RetryableError is retried by the node retry; a plain error is not', async () => {
    const attempts: Record<string, number[]> = { fickle: [], broken: [] };
    const worker = runWorker(
      options({
        fickle: async (run) => {
          attempts.fickle?.push(run.attempt);
          if (run.attempt === 1) throw new RetryableError('busy, try later', { code: 'busy' });
          return { ok: true };
        },
        broken: async (run) => {
          attempts.broken?.push(run.attempt);
          throw new Error('bad input');
        },
      }),
    );
    try {
      const retry = { max_attempts: 3, backoff_seconds: 1 };
      const retried = await startRun([{ id: 'work', kind: 'task', config: { task_type: 'fickle' }, retry }]);
      expect((await finished(retried)).status).to.equal('succeeded');
      expect(attempts.fickle).to.deep.equal([1, 2]);
      const [step] = await steps(retried);
      expect(step).to.deep.include({ status: 'succeeded', output: { ok: true } });

      const failed = await startRun([{ id: 'work', kind: 'task', config: { task_type: 'broken' }, retry }]);
      const run = await finished(failed);
      expect(run.status).to.equal('failed');
      expect(attempts.broken, 'not retryable: one attempt').to.deep.equal([1]);
    } finally {
      await worker.stop();
    }
  });

  it('cancelling the run aborts the handler signal with a RunCancelledError', async () => {
    let reason: unknown;
    let started = false;
    const worker = runWorker(
      options({
        endless: async (_run, { signal }) => {
          started = true;
          await new Promise((resolve) => signal.addEventListener('abort', resolve));
          reason = signal.reason;
          throw new Error('stopped');
        },
      }),
    );
    try {
      const runId = await startRun([{ id: 'work', kind: 'task', config: { task_type: 'endless' } }]);
      await within(10_000, 'the handler started', async () => started, 25);
      expect((await api(app, owner, 'POST', `/api/runs/${runId}/cancel`)).status).to.equal(200);
      await within(10_000, 'the signal aborted', async () => reason !== undefined, 25);
      expect(reason).to.be.instanceOf(RunCancelledError);
      expect((reason as RunCancelledError).code).to.equal('run_cancelled');
      const childId = (await steps(runId))[0]?.child_run_id;
      expect((await api(app, owner, 'GET', `/api/runs/${childId}`)).body.status).to.equal('cancelled');
    } finally {
      await worker.stop();
    }
  });
});
