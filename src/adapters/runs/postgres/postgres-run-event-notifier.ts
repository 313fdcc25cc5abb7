import type { RunEventNotifier } from '../../../application/runs/ports/run-event-notifier.ts';
import type { PostgresListener } from '../../platform/postgres/postgres-listener.ts';
import { RUN_EVENTS_CHANNEL } from './run-event-columns.ts';

/**
 * Run events announced on the instance's one LISTEN connection (opened with the first subscription), fanned
 * out in process to the subscribers of each run. Appends announce themselves with `pg_notify`, delivered at
 * commit to every instance. Every subscriber is called whenever LISTEN (again) takes effect: appends
 * announced before, or while the connection was down, were missed.
 */
export class PostgresRunEventNotifier implements RunEventNotifier {
  readonly #listeners = new Map<string, Set<() => void>>();
  readonly #listener: PostgresListener;

  constructor({ postgresListener }: { postgresListener: PostgresListener }) {
    this.#listener = postgresListener;
    postgresListener.on(RUN_EVENTS_CHANNEL, {
      notification: (runId) => this.#signal(this.#listeners.get(runId)),
      listening: () => {
        for (const listeners of this.#listeners.values()) this.#signal(listeners);
      },
    });
  }

  subscribe(runId: string, listener: () => void): () => void {
    const listeners = this.#listeners.get(runId) ?? new Set();
    listeners.add(listener);
    this.#listeners.set(runId, listeners);
    this.#listener.start();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.#listeners.get(runId) === listeners) this.#listeners.delete(runId);
    };
  }

  #signal(listeners: Set<() => void> | undefined): void {
    for (const listener of [...(listeners ?? [])]) listener();
  }
}
