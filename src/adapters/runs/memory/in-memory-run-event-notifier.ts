import type { RunEventNotifier } from '../../../application/runs/ports/run-event-notifier.ts';

/** `PERSISTENCE=memory`: the in-memory repositories signal appends directly, after the current step. */
export class InMemoryRunEventNotifier implements RunEventNotifier {
  readonly #listeners = new Map<string, Set<() => void>>();

  subscribe(runId: string, listener: () => void): () => void {
    const listeners = this.#listeners.get(runId) ?? new Set();
    listeners.add(listener);
    this.#listeners.set(runId, listeners);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.#listeners.get(runId) === listeners) this.#listeners.delete(runId);
    };
  }

  /** Called by the repositories once the run's log grew. */
  notify(runId: string): void {
    const listeners = this.#listeners.get(runId);
    if (!listeners) return;
    queueMicrotask(() => {
      for (const listener of [...listeners]) listener();
    });
  }
}
