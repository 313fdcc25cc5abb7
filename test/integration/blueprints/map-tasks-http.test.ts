import { expect } from 'chai';
import { api, finishedRun } from '../../support/api.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';
import { within } from '../../support/within.ts';

interface Child {
  id: string;
  status: string;
  step_id: string;
  step_index: number;
  input: { n: number };
}

for (const [family, env] of [
  ['PostgreSQL', {}],
  ['memory', { PERSISTENCE: 'memory' }],
] as const) {
  describe(`map steps over task nodes over HTTP (${family})`, function () {
    this.timeout(60_000);
    const app = suiteApp(env);
    const owner = suiteUser(app);
    const workspace = suiteWorkspace(app, owner, 'Map tasks');

    before(() => app.container.cradle.blueprintEngine.start());
    after(() => app.container.cradle.blueprintEngine.stop());

    /** A run of a map over `task_type` children of its input's `items`, `concurrency` at a time. */
    async function mapRun(taskType: string, count: number, concurrency: number): Promise<string> {
      const blueprint = await api(app, owner, 'POST', '/api/blueprints', {
        workspace_id: workspace.id,
        name: `Map ${taskType}`,
        graph: {
          nodes: [
            {
              id: 'each',
              kind: 'map',
              input: 'input.items',
              config: { concurrency, node: { kind: 'task', config: { task_type: taskType } } },
            },
          ],
          edges: [],
        },
      });
      expect(blueprint.status, JSON.stringify(blueprint.body)).to.equal(201);
      const mission = await api(app, owner, 'POST', '/api/missions', {
        workspace_id: workspace.id,
        name: `Map ${taskType}`,
        blueprint: { id: blueprint.body.id },
      });
      const items = Array.from({ length: count }, (_, n) => ({ n }));
      const run = await api(app, owner, 'POST', `/api/missions/${mission.body.id}/runs`, {
        input: { items },
      });
      expect(run.status, JSON.stringify(run.body)).to.equal(202);
      return run.body.id;
    }

    /** Claims every child of `taskType` claimable now (waiting up to 10 s for the first). */
    async function claimAll(taskType: string): Promise<Child[]> {
      const claimed: Child[] = [];
      const claim = async () => {
        const answer = await api(app, owner, 'POST', '/api/runs/claim', {
          workspace_id: workspace.id,
          task_types: [taskType],
        });
        if (answer.status === 200) claimed.push(answer.body);
        return answer.status === 200;
      };
      await within(10_000, `a ${taskType} child`, claim, 50);
      while (await claim());
      return claimed;
    }

    const complete = (child: Child, status = 'succeeded') =>
      api(app, owner, 'POST', `/api/runs/${child.id}/complete`, {
        status,
        ...(status === 'succeeded'
          ? { output: { doubled: child.input.n * 2 } }
          : { error: { message: 'no' } }),
      });

    const children = async (runId: string): Promise<Child[]> =>
      (await api(app, owner, 'GET', `/api/runs?parent_run_id=${runId}&limit=100`)).body.items;

    it('one child run per element with its index, at most `concurrency` at a time; the output in element order', async () => {
      const runId = await mapRun('double', 5, 2);
      const seen: Child[] = [];
      while (seen.length < 5) {
        const batch = await claimAll('double');
        // The cap: never more than 2 children unfinished at once.
        expect(batch.length).to.be.within(1, 2);
        seen.push(...batch);
        // Completed last first: the output still follows the elements' order.
        for (const child of batch.reverse()) expect((await complete(child)).status).to.equal(200);
      }
      expect(seen.map((child) => child.step_index).sort()).to.deep.equal([0, 1, 2, 3, 4]);
      for (const child of seen)
        expect(child).to.deep.include({ step_id: 'each', input: { n: child.step_index } });
      const run = await finishedRun(app, owner, runId);
      expect(run.status).to.equal('succeeded');
      expect(run.output).to.deep.equal({ each: [0, 2, 4, 6, 8].map((doubled) => ({ doubled })) });
      expect((await children(runId)).length).to.equal(5);
      const [step] = (await api(app, owner, 'GET', `/api/runs/${runId}/steps`)).body.items;
      expect(step).to.deep.include({ status: 'succeeded', child_run_id: null });
    });

    it('a failed child fails the step and cancels its siblings; retry runs every element again', async () => {
      const runId = await mapRun('fickle', 4, 3);
      const [first, ...others] = await claimAll('fickle');
      expect(others.length).to.equal(2);
      expect((await complete(first as Child, 'failed')).status).to.equal(200);
      const failed = await finishedRun(app, owner, runId);
      expect(failed.status).to.equal('failed');
      expect(failed.error.message).to.match(/^step each: element \d: no$/);
      await within(5000, 'the siblings cancelled', async () =>
        (await children(runId))
          .filter((child) => child.id !== first?.id)
          .every((child) => child.status === 'cancelled'),
      );
      const retried = await api(app, owner, 'POST', `/api/runs/${runId}/retry`);
      expect(retried.status).to.equal(202);
      const again: Child[] = [];
      while (again.length < 4) {
        const batch = await claimAll('fickle');
        again.push(...batch);
        for (const child of batch) await complete(child);
      }
      expect(again.map((child) => child.step_index).sort()).to.deep.equal([0, 1, 2, 3]);
      const run = await finishedRun(app, owner, runId);
      expect(run.status).to.equal('succeeded');
      expect(run.output.each).to.have.length(4);
      expect((await children(runId)).length).to.equal(3 + 4);
    });

    it('cancelling the run cancels every child created; an empty list succeeds with []', async () => {
      const runId = await mapRun('slow', 6, 4);
      await within(10_000, 'four children', async () => (await children(runId)).length === 4, 50);
      expect((await api(app, owner, 'POST', `/api/runs/${runId}/cancel`)).status).to.equal(200);
      await within(5000, 'every child cancelled', async () =>
        (await children(runId)).every((child) => child.status === 'cancelled'),
      );
      expect((await children(runId)).length).to.equal(4);

      const empty = await finishedRun(app, owner, await mapRun('none', 0, 2));
      expect(empty).to.deep.include({ status: 'succeeded', output: { each: [] } });
    });
  });
}
