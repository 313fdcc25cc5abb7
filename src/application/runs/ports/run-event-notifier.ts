/** Tells this process that a run's event log grew, whichever instance appended to it. */
export interface RunEventNotifier {
  /**
   * Calls `listener` after each committed append (or state change) of the run, possibly several appends
   * per call and possibly late, but never missing one while subscribed: an adapter that may have missed
   * signals (a lost connection) calls every listener once it is back. Returns the unsubscribe function.
   */
  subscribe(runId: string, listener: () => void): () => void;
}
