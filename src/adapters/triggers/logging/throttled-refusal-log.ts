import type { DeliveryRepository } from '../../../application/triggers/ports/delivery-repository.ts';
import type { RefusalLog } from '../../../application/triggers/ports/refusal-log.ts';
import type { DeliverySummary } from '../../../domain/triggers/delivery.ts';
import { LogThrottle } from '../../platform/system/log-throttle.ts';
import type { Logger } from '../../platform/system/logger.ts';

/** Refusals per trigger written (log entry and line) per interval; the rest are counted on the next line. */
export const REFUSALS_LOGGED_PER_INTERVAL = 10;
export const REFUSAL_LOG_INTERVAL_MS = 60_000;

/**
 * The refusals of one trigger, at most REFUSALS_LOGGED_PER_INTERVAL a minute on each instance: each one kept
 * becomes a delivery log entry and a `webhook delivery refused` line (trigger id, reason, size; how many were
 * left out before it as `suppressed`). The others cost a counter increment.
 */
export class ThrottledRefusalLog implements RefusalLog {
  readonly #deliveries: Pick<DeliveryRepository, 'addLogEntry'>;
  readonly #logger: Logger;
  readonly #throttle: LogThrottle;

  constructor(deps: {
    deliveries: Pick<DeliveryRepository, 'addLogEntry'>;
    logger: Logger;
    throttle?: LogThrottle;
  }) {
    this.#deliveries = deps.deliveries;
    this.#logger = deps.logger;
    this.#throttle =
      deps.throttle ??
      new LogThrottle({ burst: REFUSALS_LOGGED_PER_INTERVAL, intervalMs: REFUSAL_LOG_INTERVAL_MS });
  }

  record(entry: DeliverySummary): void {
    const verdict = this.#throttle.take(entry.triggerId);
    if (!verdict.log) return;
    this.#logger.warn(
      {
        triggerId: entry.triggerId,
        deliveryId: entry.id,
        reason: entry.reason,
        sizeBytes: entry.sizeBytes,
        ...(verdict.suppressed > 0 ? { suppressed: verdict.suppressed } : {}),
      },
      'webhook delivery refused',
    );
    // The adapter reports a failed write; a refusal never waits for it nor turns into a 503.
    this.#deliveries.addLogEntry(entry).catch(() => {});
  }
}
