import type { Run } from '../../../domain/runs/run.ts';

/**
 * Told that a run has just finished (succeeded, failed, cancelled), inside the transaction that stored its
 * new status: what it writes commits or rolls back with the run. Later areas register listeners (the
 * webhooks area's outbox writer); a listener that throws rolls the run's change back.
 */
export type RunOutcomeListener = (run: Run) => Promise<void>;
