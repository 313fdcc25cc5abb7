import { randomUUID } from 'node:crypto';
import type { Principal } from '../../src/application/auth/principal.ts';
import type { Clock } from '../../src/application/ports/clock.ts';
import { makeCancelRun } from '../../src/application/runs/cancel-run.ts';
import { makeClaimRun } from '../../src/application/runs/claim-run.ts';
import { makeCompleteRun } from '../../src/application/runs/complete-run.ts';
import { makeExpireRunLeases } from '../../src/application/runs/expire-run-leases.ts';
import { makeGetRun } from '../../src/application/runs/get-run.ts';
import { makeHeartbeatRun } from '../../src/application/runs/heartbeat-run.ts';
import { makeListRuns } from '../../src/application/runs/list-runs.ts';
import type { RunSettings } from '../../src/application/runs/run-settings.ts';
import { makeStartRun } from '../../src/application/runs/start-run.ts';
import { makeWorkspaceAccess } from '../../src/application/workspaces/workspace-access.ts';
import { FixedClock } from './auth-fakes.ts';
import type { World } from './persistence-world.ts';

/** The run use cases on the given adapters, with a hand-moved clock. */
export function runUseCases(
  world: World,
  settings: RunSettings = { maxAttempts: 3, defaultLeaseSeconds: 60 },
) {
  const clock: FixedClock & Clock = new FixedClock();
  const deps = {
    ...world,
    clock,
    ids: { newId: randomUUID },
    runSettings: settings,
    workspaceAccess: makeWorkspaceAccess(world),
  };
  const expireRunLeases = makeExpireRunLeases(deps);
  return {
    clock,
    expireRunLeases,
    startRun: makeStartRun(deps),
    listRuns: makeListRuns(deps),
    getRun: makeGetRun(deps),
    cancelRun: makeCancelRun(deps),
    claimRun: makeClaimRun({ ...deps, expireRunLeases }),
    heartbeatRun: makeHeartbeatRun(deps),
    completeRun: makeCompleteRun(deps),
  };
}

/** A worker: the principal of one login session of `userId`. */
export const worker = (userId: string, session: string): Principal => ({ userId, sessionId: session });
