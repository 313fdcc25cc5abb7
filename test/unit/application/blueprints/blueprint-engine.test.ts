import { expect } from 'chai';
import type { Graph } from '../../../../src/domain/blueprints/graph.ts';
import { Conflict } from '../../../../src/domain/kernel/errors.ts';
import { fail } from '../../../support/fail.ts';
import { actor, useCases } from '../../../support/test-container.ts';

const code = (source: string) => ({ source });

/** The engine's use cases, driven by hand on the in-memory store with a hand-moved clock (no job runs). */
describe('the blueprint engine (use cases, in memory)', () => {
  async function setup(graph: Graph, policy?: { timeoutSeconds?: number }) {
    const app = await useCases({ now: new Date('2026-11-21T12:00:00Z') });
    const ada = await actor(app, 'ada');
    const workspaceId = ada.personal.id;
    const blueprint = await app.createBlueprint(ada.principal, { workspaceId, name: 'Flow', graph });
    const mission = await app.createMission(ada.principal, {
      workspaceId,
      name: 'Runs a flow',
      blueprint: { id: blueprint.id },
      policy,
    });
    const run = await app.startRun(ada.principal, mission.id, { input: { n: 3 } });
    /** One round of the engine: start runs, take due steps, carry each out; the node ids taken. */
    const round = async () => {
      await app.startBlueprintRuns(10);
      const taken = await app.takeDueSteps(10);
      for (const step of taken) await app.carryOutStep(step);
      return taken.map(({ step, was }) => `${step.nodeId}:${was}`);
    };
    const steps = async () => app.steps.listForRun(run.id);
    return { app, ada, run, round, steps };
  }

  it('walks the graph round by round: a step starts once its edges resolve, and the run ends with its output; conditions settle with their predecessor', async () => {
    const { app, run, round, steps } = await setup({
      nodes: [
        { id: 'a', kind: 'code', config: code('function main(i) { return { n: i.n + 1 } }') },
        { id: 'b', kind: 'condition' },
        { id: 'c', kind: 'condition' },
      ],
      edges: [
        { from: 'a', to: 'b', when: 'steps.a.output.n = 4' },
        { from: 'a', to: 'c', when: 'steps.a.output.n = 5' },
      ],
    });
    // b and c are conditions: settled in a's result transaction, with no round of their own.
    expect(await round()).to.deep.equal(['a:pending']);
    expect(await round()).to.deep.equal([]);
    const finished = await app.runs.findById(run.id);
    expect(finished).to.deep.include({ status: 'succeeded', blueprintVersion: 1 });
    expect(finished?.output).to.deep.equal({ b: { n: 4 } });
    expect((await steps()).map((s) => [s.nodeId, s.status, s.starts])).to.deep.equal([
      ['a', 'succeeded', 1],
      ['b', 'succeeded', 1],
      ['c', 'skipped', 0],
    ]);
    const events = (await app.runEvents.list(run.id, 0, 100)).filter((e) => e.type === 'step');
    expect(events.map((e) => Object.values(e.data as object).join(':'))).to.deep.equal([
      'a:running',
      'a:succeeded',
      'b:running',
      'b:succeeded',
      'c:skipped',
    ]);
  });

  it('a condition whose input fails to evaluate is left to the engine, which fails it with expression_error', async () => {
    const { app, run, round, steps } = await setup({
      nodes: [{ id: 'gate', kind: 'condition', input: '$error("boom")' }],
      edges: [],
    });
    expect(await round()).to.deep.equal(['gate:pending']);
    const [gate] = await steps();
    expect(gate).to.deep.include({ status: 'failed', starts: 1 });
    expect(gate?.error?.code).to.equal('expression_error');
    expect((await app.runs.findById(run.id))?.status).to.equal('failed');
  });

  it('a step whose instance stopped is taken over after its lease as its next attempt; a finished one never again', async () => {
    const { app, round, steps } = await setup({
      nodes: [
        { id: 'a', kind: 'code', config: code('function main(i) { return i }') },
        { id: 'b', kind: 'code', config: code('function main(i) { return i }') },
      ],
      edges: [{ from: 'a', to: 'b' }],
    });
    expect(await round()).to.deep.equal(['a:pending']);
    await app.startBlueprintRuns(10);
    // b is started, and its instance dies before carrying it out.
    expect((await app.takeDueSteps(10)).map(({ step }) => step.nodeId)).to.deep.equal(['b']);
    expect(await round()).to.deep.equal([]);
    app.clock.advance(11);
    expect(await round()).to.deep.equal(['b:running']);
    expect(await round()).to.deep.equal(['b:pending']);
    const [a, b] = await steps();
    expect(a).to.deep.include({ status: 'succeeded', starts: 1, attempt: 1 });
    expect(b).to.deep.include({ status: 'succeeded', starts: 2, attempt: 2 });
  });

  it('a wait is due at its time, not before; the mission timeout ends the whole run', async () => {
    const waiting = await setup({ nodes: [{ id: 'nap', kind: 'wait', config: { seconds: 30 } }], edges: [] });
    expect(await waiting.round()).to.deep.equal(['nap:pending']);
    expect(await waiting.round()).to.deep.equal([]);
    expect((await waiting.steps())[0]?.status).to.equal('waiting');
    waiting.app.clock.advance(30);
    expect(await waiting.round()).to.deep.equal(['nap:waiting']);
    expect((await waiting.app.runs.findById(waiting.run.id))?.status).to.equal('succeeded');

    const slow = await setup(
      { nodes: [{ id: 'nap', kind: 'wait', config: { seconds: 60 } }], edges: [] },
      { timeoutSeconds: 5 },
    );
    await slow.round();
    slow.app.clock.advance(5);
    expect(await slow.app.timeOutBlueprintRuns(10)).to.equal(1);
    expect((await slow.app.runs.findById(slow.run.id))?.error).to.deep.include({ code: 'timeout' });
    expect((await slow.steps())[0]?.status).to.equal('cancelled');
  });

  it('retry goes on from a failure, keeping succeeded steps; replay starts a new run; neither applies elsewhere', async () => {
    const { app, ada, run, round, steps } = await setup({
      nodes: [
        { id: 'ok', kind: 'condition' },
        { id: 'bad', kind: 'condition', input: '$error("boom")' },
      ],
      edges: [{ from: 'ok', to: 'bad' }],
    });
    await round();
    await round();
    const failed = await app.runs.findById(run.id);
    expect(failed?.error).to.deep.include({ code: 'expression_error' });
    const retried = await app.retryRun(ada.principal, run.id);
    expect(retried).to.deep.include({ status: 'running', attempt: 2 });
    const [ok, bad] = await steps();
    expect(ok).to.deep.include({ status: 'succeeded', attempt: 1 });
    expect(bad).to.deep.include({ status: 'pending', attempt: 2 });
    expect(await round()).to.deep.equal(['bad:pending']);
    expect((await app.runs.findById(run.id))?.status).to.equal('failed');
    const replay = await app.replayRun(ada.principal, run.id);
    expect(replay).to.deep.include({ replayOf: run.id, status: 'queued', input: { n: 3 } });
    expect(await fail(app.replayRun(ada.principal, replay.id))).to.be.instanceOf(Conflict);
    expect(await fail(app.retryRun(ada.principal, replay.id))).to.be.instanceOf(Conflict);
  });

  it('blueprint runs nest at most 5 levels: the fifth starts no child and fails with depth_exceeded, not retried', async () => {
    const { app, ada, run, round } = await setup({ nodes: [{ id: 'leaf', kind: 'condition' }], edges: [] });
    const blueprintId = run.blueprintId ?? '';
    // Version 2 calls the latest version of itself; the run above was queued before it, on version 1.
    await app.createBlueprintVersion(ada.principal, blueprintId, {
      graph: {
        nodes: [
          {
            id: 'again',
            kind: 'blueprint',
            config: { blueprint_id: blueprintId },
            retry: { max_attempts: 3, backoff_seconds: 0 },
          },
        ],
        edges: [],
      },
    });
    const mission = await app.createMission(ada.principal, {
      workspaceId: run.workspaceId,
      name: 'Recursive',
      blueprint: { id: blueprintId },
    });
    const top = await app.startRun(ada.principal, mission.id, { input: {} });
    for (let i = 0; i < 40; i++) {
      if ((await round()).length === 0 && (await app.runs.findById(top.id))?.status === 'failed') break;
    }
    const finished = await app.runs.findById(top.id);
    expect(finished).to.deep.include({ status: 'failed' });
    expect(finished?.error).to.deep.include({ code: 'depth_exceeded' });
    let levels = 1;
    let deepest = top.id;
    for (let parent: string | null = top.id; parent !== null; ) {
      const [step] = await app.steps.listForRun(parent);
      expect(step).to.deep.include({ status: 'failed', attempt: 1, starts: 1 });
      deepest = parent;
      parent = step?.childRunId ?? null;
      if (parent !== null) levels++;
    }
    expect(levels).to.equal(5);
    const [last] = await app.steps.listForRun(deepest);
    expect(last?.error).to.deep.include({ code: 'depth_exceeded' });
  });
});
