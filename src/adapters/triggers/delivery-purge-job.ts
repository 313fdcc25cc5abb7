import type { Logger } from 'pino';
import type { PurgeDeliveryBodies } from '../../application/triggers/purge-delivery-bodies.ts';
import { PeriodicJob } from '../platform/system/periodic-job.ts';

/**
 * Drops webhook bodies past their retention every `intervalSeconds` (every instance may run it: the purge
 * skips rows another instance holds). One purge at a time; the timer never keeps the process alive.
 */
export class DeliveryPurgeJob extends PeriodicJob<void> {
  constructor(deps: { purgeDeliveryBodies: PurgeDeliveryBodies; logger: Logger; intervalSeconds: number }) {
    const purge = async () => {
      try {
        const purged = await deps.purgeDeliveryBodies();
        if (purged.bodies > 0 || purged.entries > 0)
          deps.logger.info(purged, 'webhook delivery retention applied');
      } catch (error) {
        deps.logger.warn({ err: error }, 'webhook delivery purge failed; retrying at the next interval');
      }
    };
    super(purge, deps.intervalSeconds * 1000);
  }

  /** Starts the periodic purge, with a first one now (a no-op when the interval is 0 or it already runs). */
  override start(): void {
    super.start({ runNow: true });
  }
}
