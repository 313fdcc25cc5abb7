import { Run } from '../../../domain/runs/run.ts';
import type { RunEvent } from '../../../domain/runs/run-event.ts';
import type { webhookRunInput } from '../../../domain/runs/webhook-run-input.ts';
import { missionTables } from '../../missions/index.ts';
import { inMemoryTables } from '../../platform/memory/in-memory-tables.ts';

/** Where a run's event log stands: its last seq, and the worker events counted against its cap. */
export interface RunEventLog {
  readonly runId: string;
  readonly seq: number;
  readonly count: number;
  readonly bytes: number;
}

/** A webhook run's delivery, which its input is built from (`webhookRunInput`), by the delivery's id. */
export type DeliveryLookup = (deliveryId: string) => Parameters<typeof webhookRunInput>[0] | undefined;

/** The runs area's in-memory tables; a run goes with its mission, its events and event log with the run. */
export const runTables = inMemoryTables((store) => {
  const runs = store.byId((r: Run) => new Run(r));
  runs.cascadeFrom(missionTables(store).missions, (r) => r.missionId ?? '');
  const runEvents = store.table(
    (e: RunEvent) => `${e.runId}/${e.seq}`,
    (e) => e,
  );
  runEvents.cascadeFrom(runs, (e) => e.runId);
  const runEventLogs = store.table(
    (log: RunEventLog) => log.runId,
    (log) => log,
  );
  runEventLogs.cascadeFrom(runs, (log) => log.runId);
  // The triggers area's deliveries answer (see triggerTables), as run-query.ts joins webhook_deliveries.
  const deliveries: { lookup: DeliveryLookup } = { lookup: () => undefined };
  return { runs, runEvents, runEventLogs, deliveries };
});
