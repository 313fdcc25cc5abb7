import type { Principal } from '../../domain/kernel/principal.ts';
import type { Run } from '../../domain/runs/run.ts';
import { accessibleRun, type RunAccessDeps } from './accessible-run.ts';

export type GetRun = (principal: Principal, runId: string) => Promise<Run>;

export function makeGetRun(deps: RunAccessDeps): GetRun {
  return (principal, runId) => accessibleRun(deps, principal, runId, 'member');
}
