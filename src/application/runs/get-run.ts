import type { Run } from '../../domain/runs/run.ts';
import type { Principal } from '../auth/principal.ts';
import { accessibleRun, type RunAccessDeps } from './accessible-run.ts';

export type GetRun = (principal: Principal, runId: string) => Promise<Run>;

export function makeGetRun(deps: RunAccessDeps): GetRun {
  return (principal, runId) => accessibleRun(deps, principal, runId, 'member');
}
