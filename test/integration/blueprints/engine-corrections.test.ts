import { expect } from 'chai';
import type { Graph } from '../../../src/domain/blueprints/graph.ts';
import { actor, testContainer } from '../../support/test-container.ts';

const ONE: Graph = { nodes: [{ id: 'only', kind: 'condition' }], edges: [] };
/** A node the engine takes and carries out (a condition is settled with its predecessor, never taken). */
const ECHO = { source: 'function main(i) { return i }' };
const TWO: Graph = { nodes: [{ id: 'first', kind: 'condition' }], edges: [] };

/**
 * Corrections to the engine, each shown failing first (issue 20, after the engine landed), on both persistence
 * families. On the shared test database, a clock years back keeps other tests' runs and steps out of reach, yet
 * after the retention tests' years (2020 to early 2021), whose counts would take in these finished runs.
 */
for (const persistence of ['memory', 'postgres'] as const)
  describe(`the blueprint engine (corrections, ${persistence})`, function () {
    this.timeout(30_000);
    async function setup(graph: Graph) {
      const { cradle: app } = await testContainer({ persistence, now: new Date('2023-03-01T12:00:00Z') });
      const ada = await actor(app);
      const workspaceId = ada.personal.id;
      const blueprint = await app.createBlueprint(ada.principal, { workspaceId, name: 'Flow', graph });
      const round = async () => {
        await app.startBlueprintRuns(10);
        const taken = await app.takeDueSteps(10);
        for (const step of taken) await app.carryOutStep(step);
        return taken.map(({ step, was }) => `${step.nodeId}:${was}`);
      };
      return { app, ada, workspaceId, blueprint, round };
    }

    it('a mission that follows the latest version pins it when each run is created, not when the engine starts it', async () => {
      const { app, ada, workspaceId, blueprint, round } = await setup(ONE);
      const mission = await app.createMission(ada.principal, {
        workspaceId,
        name: 'Latest',
        blueprint: { id: blueprint.id },
      });
      const early = await app.startRun(ada.principal, mission.id, {});
      expect(early.blueprintVersion).to.equal(1);
      await app.createBlueprintVersion(ada.principal, blueprint.id, { graph: TWO });
      const late = await app.startRun(ada.principal, mission.id, {});
      expect(late.blueprintVersion).to.equal(2);
      await round();
      expect((await app.steps.listForRun(early.id)).map((s) => s.nodeId)).to.deep.equal(['only']);
      expect((await app.steps.listForRun(late.id)).map((s) => s.nodeId)).to.deep.equal(['first']);
    });

    it("an interrupted step is retried within its node's `retry`; only a node without one gets RUN_MAX_ATTEMPTS", async () => {
      const attempts = async (retry?: { max_attempts: number; backoff_seconds: number }) => {
        const { app, ada, workspaceId, round } = await setup({
          nodes: [{ id: 'a', kind: 'code', config: ECHO, ...(retry && { retry }) }],
          edges: [],
        });
        const blueprint = (await app.listBlueprints(ada.principal, workspaceId, { limit: 1 })).items[0];
        const mission = await app.createMission(ada.principal, {
          workspaceId,
          name: 'Interrupted',
          blueprint: { id: blueprint?.id as string },
        });
        const run = await app.startRun(ada.principal, mission.id, {});
        await app.startBlueprintRuns(10);
        // Every attempt is started, and its instance stops before carrying it out.
        for (let i = 0; i < 5; i++) {
          await app.takeDueSteps(10);
          app.clock.advance(11);
          await round();
        }
        const [step] = await app.steps.listForRun(run.id);
        expect(step?.error?.code).to.equal('interrupted');
        expect((await app.runs.findById(run.id))?.status).to.equal('failed');
        return step?.attempt;
      };
      expect(await attempts({ max_attempts: 2, backoff_seconds: 0 })).to.equal(2);
      expect(await attempts()).to.equal(3);
    });

    it('a retried run of a capped group takes a slot again: it waits in the queue while the group is full', async () => {
      const { app, ada, workspaceId, round } = await setup({
        nodes: [
          { id: 'gate', kind: 'condition', input: 'input.fail ? $error("boom") : input' },
          { id: 'nap', kind: 'wait', config: { seconds: 60 } },
        ],
        edges: [{ from: 'gate', to: 'nap' }],
      });
      const blueprint = (await app.listBlueprints(ada.principal, workspaceId, { limit: 1 })).items[0];
      const mission = await app.createMission(ada.principal, {
        workspaceId,
        name: 'One at a time',
        blueprint: { id: blueprint?.id as string },
        policy: { concurrencyLimit: 1, concurrencyKey: '/k' },
      });
      const failing = await app.startRun(ada.principal, mission.id, { input: { k: 'x', fail: true } });
      await round();
      await round();
      expect((await app.runs.findById(failing.id))?.status).to.equal('failed');
      const holding = await app.startRun(ada.principal, mission.id, { input: { k: 'x', fail: false } });
      await round();
      await round();
      expect((await app.runs.findById(holding.id))?.status).to.equal('running');

      const retried = await app.retryRun(ada.principal, failing.id);
      expect(retried).to.deep.include({ status: 'queued', attempt: 2, admitted: false });
      await round();
      expect((await app.runs.findById(failing.id))?.status).to.equal('queued');
      app.clock.advance(60);
      await round();
      expect((await app.runs.findById(holding.id))?.status).to.equal('succeeded');
      // The slot it gave back goes to the retried run, which goes on from its failure.
      expect(await round()).to.deep.equal(['gate:pending']);
      const again = await app.runs.findById(failing.id);
      expect(again).to.deep.include({ status: 'failed', attempt: 2 });
      expect((await app.steps.listForRun(failing.id)).map((s) => [s.nodeId, s.attempt])).to.deep.equal([
        ['gate', 2],
        ['nap', 1],
      ]);
    });

    it("step events do not count against the run's event cap: a run whose log is full still goes on and ends", async () => {
      const { app, ada, workspaceId, blueprint, round } = await setup({
        nodes: [
          { id: 'a', kind: 'code', config: ECHO },
          { id: 'b', kind: 'code', config: ECHO },
        ],
        edges: [{ from: 'a', to: 'b' }],
      });
      const mission = await app.createMission(ada.principal, {
        workspaceId,
        name: 'Chatty',
        blueprint: { id: blueprint.id },
      });
      const run = await app.startRun(ada.principal, mission.id, {});
      await app.startBlueprintRuns(10);
      // Fill the log to its cap with worker-sized events (100 at a time, as the API takes them).
      const events = Array.from({ length: 100 }, () => ({
        type: 'log' as const,
        level: null,
        message: 'x',
        data: null,
        at: app.clock.now(),
        bytes: 1,
      }));
      for (let i = 0; i < 100; i++) await app.runEvents.append(run.id, events, () => {});
      expect(await round()).to.deep.equal(['a:pending']);
      expect(await round()).to.deep.equal(['b:pending']);
      expect((await app.runs.findById(run.id))?.status).to.equal('succeeded');
      const last = await app.runEvents.list(run.id, 10_000, 100);
      expect(
        last.filter((e) => e.type === 'step').map((e) => (e.data as { status: string }).status),
      ).to.include('succeeded');
    });

    it('cancelling a blueprint run cancels its child runs even when the instance stops right after the commit', async () => {
      const { app, ada, workspaceId, round } = await setup({
        nodes: [
          { id: 'work', kind: 'task', config: { task_type: 'slow' } },
          { id: 'other', kind: 'task', config: { task_type: 'slow' } },
        ],
        edges: [],
      });
      const blueprint = (await app.listBlueprints(ada.principal, workspaceId, { limit: 1 })).items[0];
      const mission = await app.createMission(ada.principal, {
        workspaceId,
        name: 'Delegates',
        blueprint: { id: blueprint?.id as string },
      });
      const run = await app.startRun(ada.principal, mission.id, { input: {} });
      await round();
      const children = (await app.steps.listForRun(run.id)).map((step) => step.childRunId as string);
      expect(children).to.have.length(2);
      // The cancellation commits; the engine that would cancel the children after it never runs (no job here,
      // as after a crash): the next engine pass, on any instance, finds them in the steps and cancels them.
      await app.cancelRun(ada.principal, run.id);
      expect((await app.runs.findById(children[0] as string))?.status).to.equal('queued');
      await round();
      for (const child of children) expect((await app.runs.findById(child))?.status).to.equal('cancelled');
      expect(await round()).to.deep.equal([]);
      expect((await app.steps.listForRun(run.id)).map((s) => [s.status, s.dueAt])).to.deep.equal([
        ['cancelled', null],
        ['cancelled', null],
      ]);
    });
  });
