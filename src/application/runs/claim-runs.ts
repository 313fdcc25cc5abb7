import { leaseOwner, type Principal } from '../../domain/kernel/principal.ts';
import { parseMaxRuns } from '../../domain/runs/claim-size.ts';
import { parseLeaseSeconds } from '../../domain/runs/lease.ts';
import type { Run } from '../../domain/runs/run.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { GroupCommits } from '../kernel/ports/group-commits.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import { makeClaimTogether } from './claim-together.ts';
import type { ExpireRunLeases } from './expire-run-leases.ts';
import type { RunRepository } from './ports/run-repository.ts';
import type { RunSettings } from './run-settings.ts';

export interface ClaimRunsInput {
  readonly workspaceId: string;
  readonly missionIds?: readonly string[] | undefined;
  /** Only `task` child runs of these task types. */
  readonly taskTypes?: readonly string[] | undefined;
  readonly leaseSeconds?: number | undefined;
  /** At most this many runs (1 to MAX_CLAIM_RUNS; default 1). */
  readonly maxRuns?: number | undefined;
}

export type ClaimRuns = (principal: Principal, input: ClaimRunsInput) => Promise<Run[]>;

/**
 * A worker (an admin's login session, or an admin API key) takes up to `maxRuns` claimable runs of the
 * workspace, those that have waited longest first, and holds each under a lease; none when none is claimable
 * (runs waiting for a concurrency slot or a retry's backoff are skipped: a run is claimable only while it
 * holds its group's slot, so a batch never breaks a cap). When the claim's read finds expired leases in the
 * workspace it takes them back in the same transaction, so a crashed worker's run is queued again (for a
 * later claim: a retry waits its backoff, at least 1 s) without waiting for the periodic sweep. Concurrent
 * claims share transactions (see `makeClaimTogether`); each is answered once its own committed. Nothing that
 * can fail follows the commit: the runs' inputs were checked when they came in (a webhook body too deep to
 * show is shown as text), so the answer that tells the worker which runs it holds can always be written.
 */
export function makeClaimRuns(deps: {
  runs: RunRepository;
  workspaceAccess: WorkspaceAccess;
  expireRunLeases: ExpireRunLeases;
  unitOfWork: UnitOfWork;
  groupCommits: GroupCommits;
  clock: Clock;
  runSettings: RunSettings;
}): ClaimRuns {
  const claimTogether = makeClaimTogether(deps);
  return async (principal, { workspaceId, missionIds, taskTypes, leaseSeconds, maxRuns }) => {
    const lease = parseLeaseSeconds(leaseSeconds ?? deps.runSettings.defaultLeaseSeconds);
    const limit = parseMaxRuns(maxRuns ?? 1);
    await deps.workspaceAccess(principal, workspaceId, 'admin');
    return claimTogether({
      criteria: { workspaceId, missionIds, taskTypes, limit },
      owner: leaseOwner(principal),
      leaseSeconds: lease,
    });
  };
}
