import { NotFound } from '../../domain/kernel/errors.ts';
import type { Run } from '../../domain/runs/run.ts';
import { type AccessDeps, accessibleInWorkspace } from '../workspaces/index.ts';
import type { RunRepository } from './ports/run-repository.ts';
import type { RunTransitions } from './run-transitions.ts';

export type RunAccessDeps = AccessDeps & { readonly runs: RunRepository };

/** The run when the caller holds `minimum` in its workspace; another workspace's run is NotFound. */
export const accessibleRun = accessibleInWorkspace('run', (deps: RunAccessDeps, id) =>
  deps.runs.findById(id),
);

/**
 * Refuses the caller unless it holds `minimum` in the run's workspace (another workspace's run is NotFound),
 * without reading the run: for the changes, which read it under their row lock anyway.
 */
export const assertRunAccess = accessibleInWorkspace('run', async (deps: RunAccessDeps, id) => {
  const workspaceId = await deps.runs.findWorkspaceId(id);
  return workspaceId === undefined ? undefined : { workspaceId };
});

/** Applies a domain change to an accessible run under the repository's row lock (see RunTransitions). */
export async function changeRun(
  deps: { readonly runTransitions: RunTransitions },
  runId: string,
  change: (run: Run) => void,
): Promise<Run> {
  const changed = await deps.runTransitions.change(runId, change);
  if (!changed) throw new NotFound('run');
  return changed;
}
