import type { Run } from '../../domain/runs/run.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { RunSettings } from './run-settings.ts';
import type { RunTransitions } from './run-transitions.ts';

export type ExpireRunLeases = (options?: { workspaceId?: string; limit?: number }) => Promise<Run[]>;

/**
 * Takes back runs whose worker stopped sending heartbeats: each goes back to the queue for another attempt,
 * or fails after `maxAttempts`. Run by every claim (for its workspace) and periodically (for all).
 */
export function makeExpireRunLeases(deps: {
  runTransitions: RunTransitions;
  clock: Clock;
  runSettings: RunSettings;
}): ExpireRunLeases {
  return ({ workspaceId, limit = 100 } = {}) => {
    const now = deps.clock.now();
    return deps.runTransitions.expireLeases(now, { limit, ...(workspaceId ? { workspaceId } : {}) }, (run) =>
      run.expireLease(now, deps.runSettings.maxAttempts),
    );
  };
}
