import type { Delivery } from '../../../domain/triggers/delivery.ts';
import { Trigger } from '../../../domain/triggers/trigger.ts';
import { missionTables } from '../../missions/index.ts';
import { inMemoryTables } from '../../platform/memory/in-memory-tables.ts';
import { runTables } from '../../runs/index.ts';

/** A trigger row: deleting one keeps it (its path stays taken) with its secrets destroyed. */
export interface TriggerRow {
  readonly trigger: Trigger;
  readonly deletedAt: Date | null;
}

/**
 * The triggers area's in-memory tables; a trigger (deleted ones included) goes with its mission, deliveries
 * with their trigger.
 */
export const triggerTables = inMemoryTables((store) => {
  const triggers = store.table(
    (t: TriggerRow) => t.trigger.id,
    (t) => ({ trigger: new Trigger(t.trigger), deletedAt: t.deletedAt }),
  );
  triggers.cascadeFrom(missionTables(store).missions, (t) => t.trigger.missionId);
  const deliveries = store.byId((d: Delivery) => ({ ...d }));
  deliveries.cascadeFrom(triggers, (d) => d.triggerId);
  runTables(store).deliveries.lookup = (id) => deliveries.get(id);
  return { triggers, deliveries };
});
