import type { Principal } from '../../domain/kernel/principal.ts';
import type { Run } from '../../domain/runs/run.ts';
import type { ClaimRuns, ClaimRunsInput } from './claim-runs.ts';

export type ClaimRunInput = Omit<ClaimRunsInput, 'maxRuns'>;

export type ClaimRun = (principal: Principal, input: ClaimRunInput) => Promise<Run | undefined>;

/** The claim of one run (`ClaimRuns` with `maxRuns` 1): the run that waited longest, or undefined. */
export function makeClaimRun(deps: { claimRuns: ClaimRuns }): ClaimRun {
  return async (principal, input) => (await deps.claimRuns(principal, { ...input, maxRuns: 1 }))[0];
}
