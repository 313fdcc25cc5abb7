import pg from 'pg';
import type { RunEventNotifier } from '../../../application/ports/run-event-notifier.ts';
import type { Logger } from '../../system/logger.ts';
import type { PostgresDatabase } from './postgres-database.ts';
import { RUN_EVENTS_CHANNEL } from './postgres-run-event-repository.ts';

/**
 * One `LISTEN run_events` connection per instance (opened with the first subscription), fanned out in
 * process to the subscribers of each run. Appends announce themselves with `pg_notify`, delivered at commit
 * to every instance. When the connection drops it is opened again, and every subscriber is called once it
 * listens again: appends announced in between were missed.
 */
export class PostgresRunEventNotifier implements RunEventNotifier {
  readonly #listeners = new Map<string, Set<() => void>>();
  readonly #connection: pg.ClientConfig;
  readonly #logger: Logger;
  readonly #reconnectMs: number;
  #client: pg.Client | undefined;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(deps: { db: PostgresDatabase; logger: Logger; reconnectMs?: number }) {
    // The pool's own connection settings (the password is a hidden property: pass the object, not a copy).
    this.#connection = deps.db.pool.options as pg.ClientConfig;
    this.#logger = deps.logger;
    this.#reconnectMs = deps.reconnectMs ?? 1000;
  }

  subscribe(runId: string, listener: () => void): () => void {
    const listeners = this.#listeners.get(runId) ?? new Set();
    listeners.add(listener);
    this.#listeners.set(runId, listeners);
    if (!this.#client && !this.#timer) void this.#listen();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.#listeners.get(runId) === listeners) this.#listeners.delete(runId);
    };
  }

  /** Lets go of the connection; waits at most a second for a database that no longer answers. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    const client = this.#client;
    this.#client = undefined;
    if (!client) return;
    let timer: NodeJS.Timeout | undefined;
    const patience = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, 1000);
      timer.unref();
    });
    await Promise.race([client.end().catch(() => {}), patience]);
    clearTimeout(timer);
  }

  async #listen(): Promise<void> {
    const client = new pg.Client(this.#connection);
    this.#client = client;
    client.on('notification', (message) => {
      if (message.payload) this.#signal(this.#listeners.get(message.payload));
    });
    client.on('error', (error) => this.#lost(client, error));
    client.on('end', () => this.#lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`listen ${RUN_EVENTS_CHANNEL}`);
    } catch (error) {
      this.#lost(client, error as Error);
      return;
    }
    // Anything appended before LISTEN took effect was not announced to us.
    for (const listeners of this.#listeners.values()) this.#signal(listeners);
  }

  #lost(client: pg.Client, error: Error): void {
    if (this.#client !== client || this.#closed) return;
    this.#client = undefined;
    client.end().catch(() => {});
    this.#logger.warn({ err: error.message }, 'run event LISTEN connection lost; reconnecting');
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (!this.#closed) void this.#listen();
    }, this.#reconnectMs);
    this.#timer.unref();
  }

  #signal(listeners: Set<() => void> | undefined): void {
    for (const listener of [...(listeners ?? [])]) listener();
  }
}
