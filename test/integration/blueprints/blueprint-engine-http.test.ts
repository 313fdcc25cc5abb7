import { expect } from 'chai';
import { api, finishedRun } from '../../support/api.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';
import { startReceiver } from '../../support/webhook-receiver.ts';
import { within } from '../../support/within.ts';

const code = (source: string) => ({ source });

for (const [family, env] of [
  ['PostgreSQL', { OUTBOUND_WEBHOOKS_ALLOW_PRIVATE: 'true' }],
  ['memory', { PERSISTENCE: 'memory', OUTBOUND_WEBHOOKS_ALLOW_PRIVATE: 'true' }],
] as const) {
  describe(`the blueprint engine over HTTP (${family})`, function () {
    this.timeout(60_000);
    const app = suiteApp(env);
    const owner = suiteUser(app);
    const member = suiteUser(app);
    const workspace = suiteWorkspace(app, owner, 'Engine', [[member, 'member']]);

    before(() => app.container.cradle.blueprintEngine.start());
    after(() => app.container.cradle.blueprintEngine.stop());

    /** A mission running `graph`; returns the mission id. */
    async function missionOf(graph: object, policy?: object): Promise<string> {
      const blueprint = await api(app, owner, 'POST', '/api/blueprints', {
        workspace_id: workspace.id,
        name: 'Flow',
        graph,
      });
      expect(blueprint.status, JSON.stringify(blueprint.body)).to.equal(201);
      const mission = await api(app, owner, 'POST', '/api/missions', {
        workspace_id: workspace.id,
        name: 'Runs a flow',
        blueprint: { id: blueprint.body.id },
        ...(policy && { policy }),
      });
      expect(mission.status, JSON.stringify(mission.body)).to.equal(201);
      expect(mission.body.blueprint).to.deep.equal({ id: blueprint.body.id, version: null });
      return mission.body.id;
    }

    async function start(missionId: string, input: object = {}) {
      const run = await api(app, owner, 'POST', `/api/missions/${missionId}/runs`, { input });
      expect(run.status, JSON.stringify(run.body)).to.equal(202);
      return run.body.id as string;
    }

    const steps = async (runId: string) => (await api(app, member, 'GET', `/api/runs/${runId}/steps`)).body;

    it('carries out code and condition nodes, takes edges by `when`, skips the others and shows each step', async () => {
      const missionId = await missionOf({
        nodes: [
          { id: 'double', kind: 'code', config: code('function main(input) { return { n: input.n * 2 } }') },
          { id: 'gate', kind: 'condition' },
          {
            id: 'big',
            kind: 'code',
            input: 'steps.double.output',
            config: code('function main(i) { return "big " + i.n }'),
          },
          { id: 'small', kind: 'code', config: code('function main(i) { return "small" }') },
        ],
        edges: [
          { from: 'double', to: 'gate' },
          { from: 'gate', to: 'big', when: 'steps.double.output.n > 5' },
          { from: 'gate', to: 'small', when: 'steps.double.output.n <= 5' },
        ],
      });
      const runId = await start(missionId, { n: 4 });
      const run = await finishedRun(app, owner, runId);
      expect(run.status, JSON.stringify(run)).to.equal('succeeded');
      expect(run.output).to.deep.equal({ big: 'big 8' });
      expect((run.blueprint as { version: number }).version).to.equal(1);
      const listed = await steps(runId);
      expect(
        listed.items.map((s: { node_id: string; status: string }) => [s.node_id, s.status]),
      ).to.deep.equal([
        ['double', 'succeeded'],
        ['gate', 'succeeded'],
        ['big', 'succeeded'],
        ['small', 'skipped'],
      ]);
      expect(listed.items[0]).to.deep.include({
        kind: 'code',
        attempt: 1,
        input: { n: 4 },
        output: { n: 8 },
      });
      const events = (await api(app, member, 'GET', `/api/runs/${runId}/events`)).body.items;
      const stepEvents = events
        .filter((e: { type: string }) => e.type === 'step')
        .map((e: { data: unknown }) => e.data);
      expect(stepEvents).to.deep.include({ node_id: 'double', status: 'running' });
      expect(stepEvents).to.deep.include({ node_id: 'small', status: 'skipped' });
      expect(stepEvents).to.deep.include({ node_id: 'big', status: 'succeeded' });
    });

    it('a failing expression fails its step with expression_error, and the run with it', async () => {
      const missionId = await missionOf({
        nodes: [{ id: 'bad', kind: 'condition', input: '$error("no")' }],
        edges: [],
      });
      const run = await finishedRun(app, owner, await start(missionId));
      expect(run.status).to.equal('failed');
      expect(run.error).to.deep.include({ code: 'expression_error' });
      const [bad] = (await steps(run.id as string)).items;
      expect(bad).to.deep.include({ status: 'failed' });
      expect(bad.error.code).to.equal('expression_error');
    });

    it('retries a failing node per its retry, and on_error continue lets the graph go on with {error}', async () => {
      const missionId = await missionOf({
        nodes: [
          {
            id: 'flaky',
            kind: 'code',
            retry: { max_attempts: 2, backoff_seconds: 0 },
            on_error: 'continue',
            config: code('function main() { throw new Error("down") }'),
          },
          { id: 'after', kind: 'condition' },
        ],
        edges: [{ from: 'flaky', to: 'after' }],
      });
      const run = await finishedRun(app, owner, await start(missionId));
      expect(run.status).to.equal('succeeded');
      const [flaky, afterStep] = (await steps(run.id as string)).items;
      expect(flaky).to.deep.include({ status: 'failed', attempt: 2 });
      expect(afterStep.output.error.code).to.equal('code_error');
    });

    it('an http node sends its input as JSON and shows the answer; a non-2xx fails the step', async () => {
      const receiver = await startReceiver();
      try {
        receiver.reply((_req, res) =>
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
        );
        const missionId = await missionOf({
          nodes: [
            {
              id: 'send',
              kind: 'http',
              input: '{"hello": input.name}',
              config: { method: 'POST', url: receiver.url },
            },
          ],
          edges: [],
        });
        const run = await finishedRun(app, owner, await start(missionId, { name: 'Ada' }));
        expect(run.status, JSON.stringify(run)).to.equal('succeeded');
        expect(JSON.parse(receiver.received[0]?.body ?? '')).to.deep.equal({ hello: 'Ada' });
        const [send] = (await steps(run.id as string)).items;
        expect(send.output).to.deep.include({ status: 200, body: { ok: true } });

        receiver.reply((_req, res) => res.writeHead(500).end());
        const failed = await finishedRun(app, owner, await start(missionId, { name: 'Bob' }));
        expect(failed.status).to.equal('failed');
        expect(failed.error).to.deep.include({ code: 'http_status' });
      } finally {
        await receiver.close();
      }
    });

    it('a wait node waits for its due time; a map node runs its inline node per element, results in order', async () => {
      const missionId = await missionOf({
        nodes: [
          { id: 'pause', kind: 'wait', config: { seconds: 1 } },
          {
            id: 'squares',
            kind: 'map',
            input: 'input.items',
            config: {
              concurrency: 2,
              node: { kind: 'code', config: code('function main(x) { return x * x }') },
            },
          },
        ],
        edges: [{ from: 'pause', to: 'squares' }],
      });
      const started = Date.now();
      const run = await finishedRun(app, owner, await start(missionId, { items: [1, 2, 3, 4, 5] }));
      expect(run.status, JSON.stringify(run)).to.equal('succeeded');
      expect(Date.now() - started).to.be.at.least(1000);
      expect(run.output).to.deep.equal({ squares: [1, 4, 9, 16, 25] });
    });

    it('a task node becomes a child run that workers claim by task_types; its completion completes the step', async () => {
      const missionId = await missionOf({
        nodes: [
          { id: 'work', kind: 'task', config: { task_type: 'resize' } },
          { id: 'done', kind: 'condition' },
        ],
        edges: [{ from: 'work', to: 'done' }],
      });
      const runId = await start(missionId, { image: 'a.png' });
      // The blueprint run itself is never handed to a worker.
      let child:
        | { id: string; parent_run_id: string; step_id: string; task_type: string; input: object }
        | undefined;
      await within(
        10_000,
        'the task child claimable',
        async () => {
          const claim = await api(app, owner, 'POST', '/api/runs/claim', {
            workspace_id: workspace.id,
            task_types: ['resize'],
          });
          if (claim.status === 200) child = claim.body;
          return claim.status === 200;
        },
        50,
      );
      expect(child).to.deep.include({
        parent_run_id: runId,
        step_id: 'work',
        task_type: 'resize',
        input: { image: 'a.png' },
      });
      const other = await api(app, owner, 'POST', '/api/runs/claim', { workspace_id: workspace.id });
      expect(other.status).to.equal(204);
      const children = await api(app, member, 'GET', `/api/runs?parent_run_id=${runId}`);
      expect(children.body.items.map((r: { id: string }) => r.id)).to.deep.equal([child?.id]);
      const top = await api(app, member, 'GET', `/api/runs?workspace_id=${workspace.id}`);
      expect(top.body.items.map((r: { id: string }) => r.id)).to.not.include(child?.id);
      const completed = await api(app, owner, 'POST', `/api/runs/${child?.id}/complete`, {
        status: 'succeeded',
        output: { url: 'b.png' },
      });
      expect(completed.status).to.equal(200);
      const run = await finishedRun(app, owner, runId);
      expect(run.status).to.equal('succeeded');
      expect(run.output).to.deep.equal({ done: { url: 'b.png' } });
      const [work] = (await steps(runId)).items;
      expect(work).to.deep.include({ status: 'succeeded', child_run_id: child?.id });
    });

    it('cancelling a run cancels its unfinished steps and child runs; retry and replay carry runs on', async () => {
      const missionId = await missionOf({
        nodes: [{ id: 'work', kind: 'task', config: { task_type: 'slow' } }],
        edges: [],
      });
      const runId = await start(missionId);
      await within(
        10_000,
        'the child run',
        async () => ((await steps(runId)).items[0]?.child_run_id ?? null) !== null,
        50,
      );
      const childId = (await steps(runId)).items[0].child_run_id;
      expect((await api(app, member, 'POST', `/api/runs/${runId}/cancel`)).status).to.equal(403);
      expect((await api(app, owner, 'POST', `/api/runs/${runId}/cancel`)).status).to.equal(200);
      expect((await steps(runId)).items[0].status).to.equal('cancelled');
      await within(
        5000,
        'the child cancelled',
        async () => {
          return (await api(app, owner, 'GET', `/api/runs/${childId}`)).body.status === 'cancelled';
        },
        50,
      );

      expect((await api(app, owner, 'POST', `/api/runs/${runId}/retry`)).status).to.equal(409);
      const replay = await api(app, owner, 'POST', `/api/runs/${runId}/replay`);
      expect(replay.status).to.equal(202);
      expect(replay.body).to.deep.include({ replay_of: runId, mission_id: missionId });
      expect((await api(app, member, 'POST', `/api/runs/${runId}/replay`)).status).to.equal(403);
    });

    it('retry lets a failed run go on: succeeded steps keep their outputs, failed ones run again', async () => {
      const missionId = await missionOf({
        nodes: [
          { id: 'first', kind: 'code', config: code('function main() { return { n: 1 } }') },
          { id: 'task', kind: 'task', config: { task_type: 'fickle' } },
        ],
        edges: [{ from: 'first', to: 'task' }],
      });
      const runId = await start(missionId);
      const claim = async () => {
        let claimed: { id: string } | undefined;
        await within(
          10_000,
          'a fickle task',
          async () => {
            const answer = await api(app, owner, 'POST', '/api/runs/claim', {
              workspace_id: workspace.id,
              task_types: ['fickle'],
            });
            if (answer.status === 200) claimed = answer.body;
            return claimed !== undefined;
          },
          50,
        );
        return claimed as { id: string };
      };
      const first = await claim();
      await api(app, owner, 'POST', `/api/runs/${first.id}/complete`, {
        status: 'failed',
        error: { message: 'no' },
      });
      expect((await finishedRun(app, owner, runId)).status).to.equal('failed');
      const retried = await api(app, owner, 'POST', `/api/runs/${runId}/retry`);
      expect(retried.status).to.equal(202);
      expect(retried.body).to.deep.include({ status: 'running', attempt: 2 });
      const second = await claim();
      expect(second.id).to.not.equal(first.id);
      await api(app, owner, 'POST', `/api/runs/${second.id}/complete`, {
        status: 'succeeded',
        output: { ok: 1 },
      });
      const run = await finishedRun(app, owner, runId);
      expect(run.status).to.equal('succeeded');
      const [firstStep, taskStep] = (await steps(runId)).items;
      expect(firstStep).to.deep.include({ status: 'succeeded', attempt: 1 });
      expect(taskStep).to.deep.include({ status: 'succeeded', attempt: 2 });
    });

    it('a blueprint node runs a child blueprint run; nesting stops at depth 5 (depth_exceeded, never retried)', async () => {
      const created = await api(app, owner, 'POST', '/api/blueprints', {
        workspace_id: workspace.id,
        name: 'Recursive',
        graph: {
          nodes: [{ id: 'leaf', kind: 'code', config: code('function main(i) { return { deep: true } }') }],
          edges: [],
        },
      });
      const id = created.body.id;
      // Version 2 calls the latest version of itself: each run nests one more. Its retries would not help.
      const v2 = await api(app, owner, 'POST', `/api/blueprints/${id}/versions`, {
        graph: {
          nodes: [
            {
              id: 'again',
              kind: 'blueprint',
              config: { blueprint_id: id },
              retry: { max_attempts: 3, backoff_seconds: 0 },
            },
          ],
          edges: [],
        },
      });
      expect(v2.status, JSON.stringify(v2.body)).to.equal(201);
      const leaf = await api(app, owner, 'POST', '/api/missions', {
        workspace_id: workspace.id,
        name: 'Nested once',
        blueprint: { id, version: 1 },
      });
      const once = await finishedRun(app, owner, await start(leaf.body.id));
      expect(once.output).to.deep.equal({ leaf: { deep: true } });

      const mission = await api(app, owner, 'POST', '/api/missions', {
        workspace_id: workspace.id,
        name: 'Nested',
        blueprint: { id },
      });
      const run = await finishedRun(app, owner, await start(mission.body.id));
      expect(run.status).to.equal('failed');
      expect(run.error).to.deep.include({ code: 'depth_exceeded' });
      let levels = 1;
      let deepest = run.id as string;
      for (; ; levels++) {
        const children = (await api(app, member, 'GET', `/api/runs?parent_run_id=${deepest}`)).body.items;
        if (children.length === 0) break;
        expect(children).to.have.lengthOf(1);
        expect(children[0]).to.deep.include({ status: 'failed' });
        expect(children[0].error).to.deep.include({ code: 'depth_exceeded' });
        deepest = children[0].id;
      }
      expect(levels).to.equal(5);
      // The fifth level's step started no child and was not retried; every level's step ran once.
      const [last] = (await steps(deepest)).items;
      expect(last).to.deep.include({ node_id: 'again', status: 'failed', attempt: 1, child_run_id: null });
      expect(last.error).to.deep.include({ code: 'depth_exceeded' });
      expect(last.error.message).to.include('level 5');
    });

    it('a workspace goes with its blueprints, the missions that run them and their runs and steps', async () => {
      const doomed = await api(app, owner, 'POST', '/api/workspaces', { name: 'Doomed' });
      const blueprint = await api(app, owner, 'POST', '/api/blueprints', {
        workspace_id: doomed.body.id,
        name: 'Gone',
        graph: { nodes: [{ id: 'only', kind: 'condition' }], edges: [] },
      });
      const mission = await api(app, owner, 'POST', '/api/missions', {
        workspace_id: doomed.body.id,
        name: 'Gone too',
        blueprint: { id: blueprint.body.id },
      });
      const run = await finishedRun(app, owner, await start(mission.body.id));
      expect(run.status).to.equal('succeeded');
      expect((await api(app, owner, 'DELETE', `/api/workspaces/${doomed.body.id}`)).status).to.equal(204);
      expect((await api(app, owner, 'GET', `/api/runs/${run.id}/steps`)).status).to.equal(404);
    });

    it('the mission timeout bounds the whole run; a blueprint in use is not deleted', async () => {
      const blueprint = await api(app, owner, 'POST', '/api/blueprints', {
        workspace_id: workspace.id,
        name: 'Slow',
        graph: { nodes: [{ id: 'nap', kind: 'wait', config: { seconds: 60 } }], edges: [] },
      });
      const mission = await api(app, owner, 'POST', '/api/missions', {
        workspace_id: workspace.id,
        name: 'Times out',
        blueprint: { id: blueprint.body.id, version: 1 },
        policy: { timeout_seconds: 1 },
      });
      expect(mission.body.blueprint).to.deep.equal({ id: blueprint.body.id, version: 1 });
      const run = await finishedRun(app, owner, await start(mission.body.id));
      expect(run.status).to.equal('failed');
      expect(run.error).to.deep.include({ code: 'timeout' });
      expect((await steps(run.id as string)).items[0].status).to.equal('cancelled');
      expect((await api(app, owner, 'DELETE', `/api/blueprints/${blueprint.body.id}`)).status).to.equal(409);
      const unknown = await api(app, owner, 'POST', '/api/missions', {
        workspace_id: workspace.id,
        name: 'Bad',
        blueprint: { id: blueprint.body.id, version: 7 },
      });
      expect(unknown.status).to.equal(400);
    });
  });
}
