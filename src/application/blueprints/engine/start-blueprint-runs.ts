import { Step } from '../../../domain/blueprints/step.ts';
import type { Clock } from '../../kernel/ports/clock.ts';
import type { UnitOfWork } from '../../kernel/ports/unit-of-work.ts';
import type { RunRepository, RunTransitions } from '../../runs/index.ts';
import type { BlueprintRepository } from '../ports/blueprint-repository.ts';
import type { StepRepository } from '../ports/step-repository.ts';
import type { AdvanceRun } from './advance-run.ts';

export type StartBlueprintRuns = (limit: number) => Promise<number>;

/**
 * Starts up to `limit` queued blueprint runs (skipping those another instance starts): each becomes running,
 * uses the version it was created with (runs created before runs pinned it take the latest), gets one pending
 * step per node, and its entry steps are made ready, all in one transaction. A run whose blueprint version is
 * gone fails.
 */
export function makeStartBlueprintRuns(deps: {
  unitOfWork: UnitOfWork;
  runs: RunRepository;
  runTransitions: RunTransitions;
  blueprints: BlueprintRepository;
  steps: StepRepository;
  advanceRun: AdvanceRun;
  clock: Clock;
}): StartBlueprintRuns {
  return (limit) =>
    deps.unitOfWork.transaction(async () => {
      const now = deps.clock.now();
      const runs = await deps.runs.startServerRuns(now, limit, (run) => run.begin(now));
      for (const run of runs) {
        const blueprint = await deps.blueprints.findById(run.blueprintId as string);
        const version = run.blueprintVersion ?? blueprint?.latestVersion ?? 1;
        const found = blueprint && (await deps.blueprints.findVersion(blueprint.id, version));
        if (!found) {
          const error = { code: 'blueprint_not_found', message: 'the blueprint version no longer exists' };
          await deps.runTransitions.change(run.id, (r) => r.conclude({ status: 'failed', error }, now));
          continue;
        }
        if (run.blueprintVersion === null)
          await deps.runs.update(run.id, (r) => r.pinBlueprintVersion(version));
        // A resumed run (a capped one that waited for its slot) has its steps, reopened by its retry.
        if ((await deps.steps.listForRun(run.id)).length === 0)
          await deps.steps.add(Step.forNodes(run.id, found.graph.nodes));
        await deps.advanceRun(run.id, () => undefined);
      }
      return runs.length;
    });
}
