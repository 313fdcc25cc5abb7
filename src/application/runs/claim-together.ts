import { MAX_CLAIM_RUNS } from '../../domain/runs/claim-size.ts';
import type { Run } from '../../domain/runs/run.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { GroupCommits } from '../kernel/ports/group-commits.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { ExpireRunLeases } from './expire-run-leases.ts';
import type { ClaimCriteria, RunRepository } from './ports/run-repository.ts';

/** One worker's claim: what it may take, at most how many (`limit`), and the lease it holds them under. */
export interface WorkerClaim {
  readonly criteria: Omit<ClaimCriteria, 'now'>;
  readonly owner: string;
  readonly leaseSeconds: number;
}

/**
 * Claims of many workers in shared transactions (GroupCommits): each worker answered with its runs only once
 * the transaction that leased them to it committed. Claims that ask for the same runs (workspace, missions,
 * task types) are read and stored together, in statements of at most MAX_CLAIM_RUNS runs, handed out oldest
 * first to the claims in the order they came; when a read finds expired leases in a workspace, they are taken
 * back in the same transaction (once per workspace), as a claim alone would. A claim that finds nothing locks
 * and writes nothing.
 */
export function makeClaimTogether(deps: {
  runs: RunRepository;
  expireRunLeases: ExpireRunLeases;
  unitOfWork: UnitOfWork;
  groupCommits: GroupCommits;
  clock: Clock;
}): (claim: WorkerClaim) => Promise<Run[]> {
  const claimEach = (claims: readonly WorkerClaim[]) =>
    deps.unitOfWork.transaction(async () => {
      const now = deps.clock.now();
      const takers: Taker[] = claims.map((claim) => ({ claim, runs: [] }));
      const swept = new Set<string>();
      for (const together of statements(takers)) {
        const { criteria } = (together[0] as Taker).claim;
        const waiting = [...together];
        const claimed = await deps.runs.claimOldest(
          { ...criteria, now, limit: runsAsked(together) },
          (run) => {
            while (isServed(waiting[0] as Taker)) waiting.shift();
            const taker = waiting[0] as Taker;
            run.claim(taker.claim.owner, now, taker.claim.leaseSeconds);
            taker.runs.push(run);
          },
        );
        if (claimed.leasesExpired && !swept.has(criteria.workspaceId)) {
          swept.add(criteria.workspaceId);
          await deps.expireRunLeases({ workspaceId: criteria.workspaceId, limit: 50 });
        }
      }
      return takers.map((taker) => taker.runs);
    });
  return deps.groupCommits.group(claimEach);
}

interface Taker {
  readonly claim: WorkerClaim;
  /** The runs handed out to it so far, oldest first. */
  readonly runs: Run[];
}

/** The takers, those asking for the same runs together, at most MAX_CLAIM_RUNS runs a statement. */
function statements(takers: readonly Taker[]): Taker[][] {
  const alike = Map.groupBy(takers, ({ claim: { criteria } }) =>
    JSON.stringify([criteria.workspaceId, criteria.missionIds ?? null, criteria.taskTypes ?? null]),
  );
  const out: Taker[][] = [];
  for (const group of alike.values()) {
    let current: Taker[] = [];
    for (const taker of group) {
      if (runsAsked(current) + taker.claim.criteria.limit > MAX_CLAIM_RUNS) {
        out.push(current);
        current = [];
      }
      current.push(taker);
    }
    out.push(current);
  }
  return out;
}

const runsAsked = (takers: readonly Taker[]) =>
  takers.reduce((sum, taker) => sum + taker.claim.criteria.limit, 0);

const isServed = (taker: Taker) => taker.runs.length >= taker.claim.criteria.limit;
