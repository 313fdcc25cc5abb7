import type { Clock } from '../kernel/ports/clock.ts';
import type { DeliveryRepository } from './ports/delivery-repository.ts';

export interface DeliveryRetention {
  /** Raw bodies, and the log entries of duplicates and rejections, are kept this many days. */
  readonly retentionDays: number;
  /** Rows changed per database statement, so a large backlog never holds long locks. */
  readonly batchSize: number;
}

export type PurgeDeliveryBodies = () => Promise<{ bodies: number; entries: number }>;

/**
 * The retention job: drops raw bodies older than the retention period (the delivery's metadata and its runs
 * stay; their input then shows a null body), and old log entries of duplicates and rejections. Works in
 * batches until nothing is left, so one call clears any backlog.
 */
export function makePurgeDeliveryBodies(deps: {
  deliveries: DeliveryRepository;
  clock: Clock;
  deliveryRetention: DeliveryRetention;
}): PurgeDeliveryBodies {
  return async () => {
    const { retentionDays, batchSize } = deps.deliveryRetention;
    const cutoff = new Date(deps.clock.now().getTime() - retentionDays * 86_400_000);
    const total = { bodies: 0, entries: 0 };
    for (;;) {
      const purged = await deps.deliveries.purgeReceivedBefore(cutoff, batchSize);
      total.bodies += purged.bodies;
      total.entries += purged.entries;
      if (purged.bodies < batchSize && purged.entries < batchSize) return total;
    }
  };
}
