import type { Principal } from '../../domain/kernel/principal.ts';
import type { Run } from '../../domain/runs/run.ts';
import { accessibleRun, type RunAccessDeps } from './accessible-run.ts';
import type { RunTokens, RunTokenUsage } from './ports/run-token-usage.ts';

/** A run as `GET /api/runs/{id}` answers it: with its token usage (an agent run's; null for other runs). */
export interface RunDetail {
  readonly run: Run;
  readonly usage: RunTokens | null;
}

export type GetRunDetail = (principal: Principal, runId: string) => Promise<RunDetail>;

export function makeGetRunDetail(
  deps: RunAccessDeps & { readonly runTokenUsage: RunTokenUsage },
): GetRunDetail {
  return async (principal, runId) => {
    const run = await accessibleRun(deps, principal, runId, 'member');
    const usage = run.agentId === null ? undefined : await deps.runTokenUsage.ofRun(run.id);
    return { run, usage: usage ?? null };
  };
}
