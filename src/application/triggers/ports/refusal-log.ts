import type { DeliverySummary } from '../../../domain/triggers/delivery.ts';

/** Where ingest records its refusals of a live trigger's deliveries (metadata only: no body, no signature). */
export interface RefusalLog {
  /**
   * Records `entry` (a rejected delivery) in the delivery log and the operators' log, at a bounded rate per
   * trigger: a flood of refused requests must not become a flood of writes or lines. Never throws, never waits.
   */
  record(entry: DeliverySummary): void;
}
