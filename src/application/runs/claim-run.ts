import { parseLeaseSeconds } from '../../domain/runs/lease.ts';
import type { Run } from '../../domain/runs/run.ts';
import { leaseOwner, type Principal } from '../auth/principal.ts';
import type { Clock } from '../ports/clock.ts';
import type { RunRepository } from '../ports/run-repository.ts';
import type { UnitOfWork } from '../ports/unit-of-work.ts';
import type { WorkspaceAccess } from '../workspaces/workspace-access.ts';
import type { ExpireRunLeases } from './expire-run-leases.ts';
import type { RunSettings } from './run-settings.ts';

export interface ClaimRunInput {
  readonly workspaceId: string;
  readonly missionIds?: readonly string[] | undefined;
  readonly leaseSeconds?: number | undefined;
}

export type ClaimRun = (principal: Principal, input: ClaimRunInput) => Promise<Run | undefined>;

/**
 * A worker (an admin's login session, or an admin API key) takes the claimable run of the workspace that has waited longest and
 * holds it under a lease; undefined when none is claimable (runs waiting for a concurrency slot or a retry's
 * backoff are skipped). Expired leases of the workspace are taken back first, in the same transaction, so a
 * crashed worker's run is retried by the next claim. Nothing that can fail follows the commit: the run's
 * input was checked when it came in (a webhook body too deep to show is shown as text), so the answer that
 * tells the worker which run it holds can always be written.
 */
export function makeClaimRun(deps: {
  runs: RunRepository;
  workspaceAccess: WorkspaceAccess;
  expireRunLeases: ExpireRunLeases;
  unitOfWork: UnitOfWork;
  clock: Clock;
  runSettings: RunSettings;
}): ClaimRun {
  return async (principal, { workspaceId, missionIds, leaseSeconds }) => {
    const lease = parseLeaseSeconds(leaseSeconds ?? deps.runSettings.defaultLeaseSeconds);
    await deps.workspaceAccess(principal, workspaceId, 'admin');
    return deps.unitOfWork.transaction(async () => {
      await deps.expireRunLeases({ workspaceId, limit: 50 });
      const now = deps.clock.now();
      return deps.runs.claimNext({ workspaceId, missionIds, now }, (run) =>
        run.claim(leaseOwner(principal), now, lease),
      );
    });
  };
}
