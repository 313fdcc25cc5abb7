import { expect } from 'chai';
import type { Graph } from '../../../../src/domain/blueprints/graph.ts';
import { actor, useCases } from '../../../support/test-container.ts';

const ONE: Graph = { nodes: [{ id: 'only', kind: 'condition' }], edges: [] };
const TWO: Graph = { nodes: [{ id: 'first', kind: 'condition' }], edges: [] };

/** Corrections to the engine, each shown failing first (issue 20, after the engine landed). */
describe('the blueprint engine (corrections, in memory)', () => {
  async function setup(graph: Graph, options: { env?: Record<string, string> } = {}) {
    const app = await useCases({ now: new Date('2026-11-21T12:00:00Z'), env: options.env });
    const ada = await actor(app, 'ada');
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
        nodes: [{ id: 'a', kind: 'condition', ...(retry && { retry }) }],
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
});
