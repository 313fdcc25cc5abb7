import type { RetentionPurge } from '../../../application/kernel/ports/retention-purge.ts';
import type { Delivery } from '../../../domain/triggers/delivery.ts';
import { type InMemoryExpiry, inMemoryPurge } from '../../platform/memory/in-memory-retention.ts';
import type { InMemoryStore } from '../../platform/memory/in-memory-store.ts';
import { triggerTables } from './trigger-tables.ts';

/** The in-memory counterpart of `postgresDeliveryPurges`. */
export function inMemoryDeliveryPurges(store: InMemoryStore): RetentionPurge[] {
  const tables = triggerTables(store);
  const old = (
    when: (d: Readonly<Delivery>) => boolean,
  ): Omit<InMemoryExpiry<Delivery>, 'setting' | 'name'> => ({
    table: () => tables.deliveries,
    keyOf: (d) => d.id,
    endedAt: (d) => (when(d) ? d.receivedAt : null),
    workspaceOf: (d) => tables.triggers.get(d.triggerId)?.trigger.workspaceId ?? null,
  });
  return [
    inMemoryPurge(store, {
      setting: 'delivery_bodies',
      name: 'delivery_bodies',
      ...old((d) => d.body !== null),
      change: (d) => ({ ...d, body: null, bodyPurgedAt: new Date() }),
    }),
    inMemoryPurge(store, {
      setting: 'delivery_bodies',
      name: 'delivery_log_entries',
      ...old((d) => d.status !== 'accepted'),
    }),
    inMemoryPurge(store, {
      setting: 'idempotency_keys',
      name: 'idempotency_keys',
      ...old((d) => d.idempotencyKey !== null),
      change: (d) => ({ ...d, idempotencyKey: null }),
    }),
  ];
}
