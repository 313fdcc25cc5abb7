import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import type { PostgresListener } from '../../platform/postgres/postgres-listener.ts';

/** Where the engines of every instance hear of work (migration 0029 sends on it too). */
export const BLUEPRINT_ENGINE_CHANNEL = 'blueprint_engine';

/** What a wake-up asks for: queued runs to start (and everything else), or due steps only. */
export type EngineWork = 'runs' | 'steps';

/**
 * Wakes the blueprint engines of every instance through NOTIFY on `blueprint_engine`, on the instance's one
 * LISTEN connection (shared with run events and cache invalidation). The database sends `runs` when a blueprint
 * run is queued and `steps` when a step's child run finishes (migration 0029); `announce` sends `steps` for the
 * rest (a retry, a decision that makes a step due). The engines' poll stays the fallback: a notification
 * missed while LISTEN is down costs at most a poll interval, and LISTEN taking effect again wakes the engine.
 */
export class PostgresEngineWakeUps {
  readonly #db: PostgresDatabase;
  readonly #listener: PostgresListener;

  constructor(deps: { db: PostgresDatabase; postgresListener: PostgresListener }) {
    this.#db = deps.db;
    this.#listener = deps.postgresListener;
  }

  /** Stops feeding this instance's engine (it stopped). */
  unlisten(): void {
    this.#listener.off(BLUEPRINT_ENGINE_CHANNEL);
  }

  /** Feeds this instance's engine the wake-ups of every instance (its own included). */
  listen(wake: (work: EngineWork) => void): void {
    this.#listener.on(BLUEPRINT_ENGINE_CHANNEL, {
      notification: (payload) => wake(payload === 'steps' ? 'steps' : 'runs'),
      listening: () => wake('runs'),
    });
    this.#listener.start();
  }

  /** Whether wake-ups reach this instance now. */
  isListening(): boolean {
    return this.#listener.isListening(BLUEPRINT_ENGINE_CHANNEL);
  }

  /** Wakes every instance's engine for due steps, once the surrounding transaction ended (now without one). */
  announce(): void {
    this.#db.afterTransaction(() => {
      void this.#db.query(`select pg_notify('${BLUEPRINT_ENGINE_CHANNEL}', 'steps')`).catch(() => {});
    });
  }
}
