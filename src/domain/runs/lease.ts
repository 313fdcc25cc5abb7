import { Conflict, InvalidInput } from '../kernel/errors.ts';

export const MIN_LEASE_SECONDS = 5;
export const MAX_LEASE_SECONDS = 3600;

/** How long a worker may hold a run without a heartbeat: 5 s to 1 h. */
export function parseLeaseSeconds(value: number): number {
  if (!Number.isInteger(value) || value < MIN_LEASE_SECONDS || value > MAX_LEASE_SECONDS) {
    throw new InvalidInput(
      `lease_seconds must be an integer from ${MIN_LEASE_SECONDS} to ${MAX_LEASE_SECONDS}`,
    );
  }
  return value;
}

/** A worker heartbeat or completion for a run whose lease it does not (or no longer) hold. */
export class LeaseNotHeld extends Conflict {
  constructor(reason: 'other_worker' | 'expired') {
    super(
      reason === 'expired'
        ? 'the lease on this run has expired; the run will be retried or has failed'
        : 'another worker holds the lease on this run',
    );
  }
}
