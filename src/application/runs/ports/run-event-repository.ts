import type { Run } from '../../../domain/runs/run.ts';
import type { RunEvent, RunEventDraft } from '../../../domain/runs/run-event.ts';

/**
 * The event log of each run. Appends take the run's row lock (the one its state changes take), so `seq`
 * counts 1, 2, 3, ... per run without gaps, and a worker's events and the server's `status` events (stored
 * by the RunRepository with each state change) interleave in the order they happened. Events go with their
 * run when it is deleted. After an append commits, the `RunEventNotifier` tells the run's subscribers.
 */
export interface RunEventRepository {
  /**
   * Locks the run, lets `authorize` refuse the append (it throws: the lease is not the caller's, the run
   * was cancelled), refuses a batch past the run's cap (`assertEventCapacity`: the server's status and step events never count),
   * and appends the events with the next seqs. Undefined when there is no such run.
   */
  append(
    runId: string,
    events: readonly RunEventDraft[],
    authorize: (run: Run) => void,
  ): Promise<{ readonly seqFrom: number; readonly seqTo: number } | undefined>;
  /**
   * The run's events with a seq above `after`, in seq order, at most `limit`, and no more after the ones
   * before it reach `maxBytes` (their `bytes`): the first event always comes, so a page may pass the budget
   * by at most one event, and a page whose events reach the budget may have more after it.
   */
  list(runId: string, after: number, limit: number, maxBytes?: number): Promise<RunEvent[]>;
  /** The seq of the run's last event (0 when it has none). */
  lastSeq(runId: string): Promise<number>;
}
