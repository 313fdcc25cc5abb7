import type { RunRepository } from '../../../application/runs/index.ts';
import type { DeliveryIntake } from '../../../application/triggers/ports/delivery-intake.ts';
import type { AcceptOutcome } from '../../../application/triggers/ports/delivery-repository.ts';
import type { Run } from '../../../domain/runs/index.ts';
import { type Delivery, duplicateOf } from '../../../domain/triggers/delivery.ts';
import { inMemoryRepository } from '../../platform/memory/in-memory-repository.ts';
import type { InMemoryStore } from '../../platform/memory/in-memory-store.ts';
import { triggerTables } from './trigger-tables.ts';

/**
 * Ingest on the in-memory store: the idempotency check and the delivery's insert are one synchronous step, and
 * the run joins them in one store transaction (committed when `accept` resolves, undone when it throws).
 */
export class InMemoryDeliveryIntake extends inMemoryRepository(triggerTables) implements DeliveryIntake {
  readonly #runs: RunRepository;

  constructor({ store, runs }: { store: InMemoryStore; runs: RunRepository }) {
    super({ store });
    this.#runs = runs;
  }

  accept(delivery: Delivery, run: Run, windowSeconds: number): Promise<AcceptOutcome> {
    return this.store.transaction(async () => {
      const outcome = await this.store.atomically((): AcceptOutcome => {
        const original = this.#originalOf(delivery, windowSeconds);
        if (original) {
          const entry = duplicateOf(delivery, { deliveryId: original.id, runId: original.runId });
          this.tables.deliveries.put({ ...entry, headers: {}, query: {}, body: null });
          return { stored: false, original: { deliveryId: original.id, runId: original.runId } };
        }
        this.tables.deliveries.put(delivery);
        return { stored: true };
      });
      if (outcome.stored) await this.#runs.add(run);
      return outcome;
    });
  }

  #originalOf(delivery: Delivery, windowSeconds: number): Delivery | undefined {
    const key = delivery.idempotencyKey;
    if (key === null) return undefined;
    const windowStart = delivery.receivedAt.getTime() - windowSeconds * 1000;
    return this.tables.deliveries.find(
      (d) =>
        d.status === 'accepted' &&
        d.triggerId === delivery.triggerId &&
        d.idempotencyKey === key &&
        d.receivedAt.getTime() > windowStart,
    );
  }
}
