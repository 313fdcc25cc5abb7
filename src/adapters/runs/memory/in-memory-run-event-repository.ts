import type { RunEventRepository } from '../../../application/runs/ports/run-event-repository.ts';
import type { Run } from '../../../domain/runs/run.ts';
import {
  assertEventCapacity,
  cappedUsage,
  type RunEvent,
  type RunEventDraft,
} from '../../../domain/runs/run-event.ts';
import { inMemoryRepository } from '../../platform/memory/in-memory-repository.ts';
import type { InMemoryStore } from '../../platform/memory/in-memory-store.ts';
import type { InMemoryRunEventNotifier } from './in-memory-run-event-notifier.ts';
import { runTables } from './run-tables.ts';

/** Run events in the store, one row per event, numbered from the run's log row; appends are one store step. */
export class InMemoryRunEventRepository extends inMemoryRepository(runTables) implements RunEventRepository {
  readonly #notifier: InMemoryRunEventNotifier;

  constructor(deps: { store: InMemoryStore; runEventNotifier: InMemoryRunEventNotifier }) {
    super(deps);
    this.#notifier = deps.runEventNotifier;
  }

  append(
    runId: string,
    events: readonly RunEventDraft[],
    authorize: (run: Run) => void,
  ): Promise<{ seqFrom: number; seqTo: number } | undefined> {
    return this.atomically(() => {
      const run = this.tables.runs.get(runId);
      if (!run) return undefined;
      authorize(run);
      const log = this.tables.runEventLogs.get(runId);
      assertEventCapacity({ count: log?.count ?? 0, bytes: log?.bytes ?? 0 }, events);
      const seqTo = recordRunEvents(this.store, this.#notifier, runId, events, true);
      return { seqFrom: seqTo - events.length + 1, seqTo };
    });
  }

  list(
    runId: string,
    after: number,
    limit: number,
    maxBytes = Number.POSITIVE_INFINITY,
  ): Promise<RunEvent[]> {
    return this.atomically(() => {
      const events = this.tables.runEvents
        .filter((event) => event.runId === runId && event.seq > after)
        .sort((a, b) => a.seq - b.seq)
        .slice(0, limit);
      let before = 0;
      return events.filter((event) => {
        const within = before < maxBytes;
        before += event.bytes;
        return within;
      });
    });
  }

  lastSeq(runId: string): Promise<number> {
    return this.atomically((tables) => tables.runEventLogs.get(runId)?.seq ?? 0);
  }
}

/**
 * Appends `events` after the run's last seq (its worker events counted against the cap when `counted`)
 * and signals the run's subscribers; returns the last seq. Call it inside a store step.
 */
export function recordRunEvents(
  store: InMemoryStore,
  notifier: InMemoryRunEventNotifier,
  runId: string,
  events: readonly RunEventDraft[],
  counted: boolean,
): number {
  const log = runTables(store).runEventLogs.get(runId) ?? { runId, seq: 0, count: 0, bytes: 0 };
  for (const [i, event] of events.entries())
    runTables(store).runEvents.put({ ...event, runId, seq: log.seq + i + 1 });
  const seq = log.seq + events.length;
  const usage = counted ? cappedUsage(events) : { count: 0, bytes: 0 };
  runTables(store).runEventLogs.put({
    runId,
    seq,
    count: log.count + usage.count,
    bytes: log.bytes + usage.bytes,
  });
  notifier.notify(runId);
  return seq;
}
