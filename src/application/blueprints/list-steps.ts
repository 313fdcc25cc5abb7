import type { Step } from '../../domain/blueprints/step.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { accessibleRun, type RunAccessDeps } from '../runs/index.ts';
import type { StepRepository } from './ports/step-repository.ts';

export type ListSteps = (principal: Principal, runId: string) => Promise<Step[]>;

/** A run's steps in graph order (none for a run that is not a blueprint's, or not started); for any member. */
export function makeListSteps(deps: RunAccessDeps & { steps: StepRepository }): ListSteps {
  return async (principal, runId) => {
    const run = await accessibleRun(deps, principal, runId, 'member');
    return deps.steps.listForRun(run.id);
  };
}
