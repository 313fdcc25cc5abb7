import type { Run } from '../../../domain/runs/index.ts';
import type { Delivery } from '../../../domain/triggers/delivery.ts';
import type { AcceptOutcome } from './delivery-repository.ts';

/** Where accepted webhook deliveries enter the system: the delivery row and its queued run, committed together. */
export interface DeliveryIntake {
  /**
   * Stores `delivery` and `run` (the delivery's queued run), unless the delivery carries an idempotency key and an
   * accepted delivery of the same trigger with the same key was received less than `windowSeconds` before it:
   * then stores the repeat's log entry (`duplicateOf`) and returns that original. Resolves only once what it
   * stored is committed, and rejects when it is not (nothing of it is then stored). Of concurrent identical
   * deliveries exactly one is stored; the others get it back.
   */
  accept(delivery: Delivery, run: Run, windowSeconds: number): Promise<AcceptOutcome>;
}
