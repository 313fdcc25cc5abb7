import type { RunEventRepository } from '../../../application/runs/ports/run-event-repository.ts';
import type { Run } from '../../../domain/runs/run.ts';
import type { RunEvent, RunEventDraft } from '../../../domain/runs/run-event.ts';
import { PostgresRepository } from '../../platform/postgres/postgres-repository.ts';
import { appendRunEvents } from './append-run-events.ts';
import { lastRunEventSeq, listRunEvents } from './read-run-events.ts';

/**
 * Run events in `run_events`, numbered from the run row's counters (`events_seq`, and `events_count` /
 * `events_bytes` for the cap), which appends change under the run's row lock.
 */
export class PostgresRunEventRepository extends PostgresRepository implements RunEventRepository {
  append(
    runId: string,
    events: readonly RunEventDraft[],
    authorize: (run: Run) => void,
  ): Promise<{ seqFrom: number; seqTo: number } | undefined> {
    return appendRunEvents(this.db, runId, events, authorize);
  }

  list(runId: string, after: number, limit: number, maxBytes?: number): Promise<RunEvent[]> {
    return listRunEvents(this.db, runId, after, limit, maxBytes);
  }

  lastSeq(runId: string): Promise<number> {
    return lastRunEventSeq(this.db, runId);
  }
}
