import { NotFound } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Run } from '../../domain/runs/run.ts';
import type { Role } from '../../domain/workspaces/workspace.ts';
import type { WorkspaceAccess } from '../workspaces/workspace-access.ts';
import type { RunRepository } from './ports/run-repository.ts';
import type { RunTransitions } from './run-transitions.ts';

export interface RunAccessDeps {
  readonly runs: RunRepository;
  readonly workspaceAccess: WorkspaceAccess;
}

/** The run when the caller holds `minimum` in its workspace; another workspace's run is NotFound. */
export async function accessibleRun(
  deps: RunAccessDeps,
  principal: Principal,
  runId: string,
  minimum: Role,
): Promise<Run> {
  const run = await deps.runs.findById(runId);
  if (!run) throw new NotFound('run');
  await deps.workspaceAccess(principal, run.workspaceId, minimum, 'run');
  return run;
}

/**
 * Refuses the caller unless it holds `minimum` in the run's workspace (another workspace's run is NotFound),
 * without reading the run: for the changes, which read it under their row lock anyway.
 */
export async function assertRunAccess(
  deps: RunAccessDeps,
  principal: Principal,
  runId: string,
  minimum: Role,
): Promise<void> {
  const workspaceId = await deps.runs.findWorkspaceId(runId);
  if (workspaceId === undefined) throw new NotFound('run');
  await deps.workspaceAccess(principal, workspaceId, minimum, 'run');
}

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
