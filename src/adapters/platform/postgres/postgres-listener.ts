import pg from 'pg';
import type { Logger } from '../system/logger.ts';
import type { PostgresDatabase } from './postgres-database.ts';

/** What one channel's subscriber hears. */
export interface ChannelHandlers {
  /** A `pg_notify` on the channel, delivered when the announcing transaction committed. */
  readonly notification: (payload: string) => void;
  /** LISTEN took effect (again): anything announced before, or while the connection was down, was missed. */
  readonly listening?: () => void;
  /** The connection was lost: nothing is heard until `listening` is called again. */
  readonly lost?: () => void;
}

/** A channel name we issue in SQL as is: only our own constants, never input. */
const CHANNEL = /^[a-z_]+$/;

/**
 * The one `LISTEN` connection of this instance, shared by every channel (run events, cache invalidation).
 * Opened by `start()`; when it drops it is opened again after `reconnectMs`, and each channel's `listening`
 * is called once LISTEN works again. A connection that stays silent (a network cut the socket never notices)
 * is found by a probe every `probeMs` that must answer within as long, so "not listening" is known within
 * twice that.
 */
export class PostgresListener {
  readonly #channels = new Map<string, ChannelHandlers>();
  readonly #listening = new Set<string>();
  readonly #connection: pg.ClientConfig;
  readonly #logger: Logger;
  readonly #reconnectMs: number;
  readonly #probeMs: number;
  #client: pg.Client | undefined;
  #timer: NodeJS.Timeout | undefined;
  #probe: NodeJS.Timeout | undefined;
  #closed = false;
  #started = false;

  constructor(deps: { db: PostgresDatabase; logger: Logger; reconnectMs?: number; probeMs?: number }) {
    // The pool's own connection settings (the password is a hidden property: pass the object, not a copy).
    this.#connection = deps.db.pool.options as pg.ClientConfig;
    this.#logger = deps.logger;
    this.#reconnectMs = deps.reconnectMs ?? 1000;
    this.#probeMs = deps.probeMs ?? 500;
  }

  /** Subscribes to `channel` (one subscriber per channel); listens at once when connected. */
  on(channel: string, handlers: ChannelHandlers): void {
    if (!CHANNEL.test(channel) || this.#channels.has(channel)) throw new Error(`cannot listen on ${channel}`);
    this.#channels.set(channel, handlers);
    const client = this.#client;
    if (client && this.#listening.size > 0) void this.#listenOn(client, [channel]).catch(() => {});
  }

  /** Unsubscribes from `channel` (its notifications are ignored from now on; the connection stays). */
  off(channel: string): void {
    this.#channels.delete(channel);
    this.#listening.delete(channel);
    const client = this.#client;
    if (client && CHANNEL.test(channel)) void client.query(`unlisten ${channel}`).catch(() => {});
  }

  /** Whether notifications on `channel` reach us now. */
  isListening(channel: string): boolean {
    return this.#listening.has(channel);
  }

  /**
   * For the health detail: `idle` until the first subscriber starts it, `listening` while every channel
   * listens, `down` otherwise (connecting, or waiting to reconnect).
   */
  state(): 'idle' | 'listening' | 'down' {
    if (!this.#started) return 'idle';
    const all = [...this.#channels.keys()].every((channel) => this.#listening.has(channel));
    return this.#client !== undefined && all ? 'listening' : 'down';
  }

  /** Opens the connection unless it is open or about to be. */
  start(): void {
    this.#started = true;
    if (!this.#client && !this.#timer && !this.#closed) void this.#connect();
  }

  /** Lets go of the connection; waits at most a second for a database that no longer answers. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    clearInterval(this.#probe);
    const client = this.#client;
    this.#client = undefined;
    this.#listening.clear();
    if (!client) return;
    await withinOneSecond(client.end().catch(() => {}));
  }

  async #connect(): Promise<void> {
    const client = new pg.Client(this.#connection);
    this.#client = client;
    client.on('notification', ({ channel, payload }) => {
      if (payload) this.#channels.get(channel)?.notification(payload);
    });
    client.on('error', (error) => this.#lost(client, error));
    client.on('end', () => this.#lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await this.#listenOn(client, [...this.#channels.keys()]);
      // Channels subscribed while the first LISTEN was on its way.
      await this.#listenOn(
        client,
        [...this.#channels.keys()].filter((name) => !this.#listening.has(name)),
      );
    } catch (error) {
      this.#lost(client, error as Error);
      return;
    }
    this.#probe = setInterval(() => this.#check(client), this.#probeMs);
    this.#probe.unref();
  }

  async #listenOn(client: pg.Client, channels: string[]): Promise<void> {
    if (channels.length > 0) await client.query(channels.map((channel) => `listen ${channel};`).join(' '));
    if (this.#client !== client) return;
    for (const channel of channels) {
      this.#listening.add(channel);
      this.#channels.get(channel)?.listening?.();
    }
  }

  #check(client: pg.Client): void {
    const silent = setTimeout(() => this.#lost(client, new Error('no answer to a probe')), this.#probeMs);
    silent.unref();
    client.query('select 1').then(
      () => clearTimeout(silent),
      (error: Error) => {
        clearTimeout(silent);
        this.#lost(client, error);
      },
    );
  }

  #lost(client: pg.Client, error: Error): void {
    if (this.#client !== client || this.#closed) return;
    this.#client = undefined;
    clearInterval(this.#probe);
    const wasListening = [...this.#listening];
    this.#listening.clear();
    for (const channel of wasListening) this.#channels.get(channel)?.lost?.();
    client.end().catch(() => {});
    this.#logger.warn({ err: error.message }, 'LISTEN connection lost; reconnecting');
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (!this.#closed) void this.#connect();
    }, this.#reconnectMs);
    this.#timer.unref();
  }
}

async function withinOneSecond(work: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const patience = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, 1000);
    timer.unref();
  });
  await Promise.race([work, patience]);
  clearTimeout(timer);
}
