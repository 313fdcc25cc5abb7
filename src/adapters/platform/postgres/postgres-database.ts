import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type EntityManager,
  type EntitySchema,
  MikroORM,
  TransactionContext,
  TransactionPropagation,
} from '@mikro-orm/postgresql';
import { CompiledQuery } from 'kysely';
import type pg from 'pg';
import type { Tracer } from '../../../application/kernel/ports/tracer.ts';
import { budgetPoolWaits, type DatabaseDeadlines, poolOptions } from './pool-deadlines.ts';
import { statementSpan } from './statement-span.ts';
import { isRetryableConflict, translateWriteConflict } from './write-conflicts.ts';

/**
 * An open PostgreSQL database, the one way the adapters reach it, on one pool. Hand-written SQL goes
 * through `query` with bound `$1, $2, ...` parameters; `transaction` makes every call inside it (a
 * repository's too) run on one transaction's connection, which MikroORM keeps in async-local storage; the
 * repositories that map entities with MikroORM take `entityManager()`.
 */
export class PostgresDatabase {
  /** The pg pool under MikroORM, for a library that wants one (the rate-limit store). */
  readonly pool: pg.Pool;
  readonly #orm: MikroORM;
  readonly #release: () => Promise<void>;
  /** What runs once the outermost transaction in progress has ended (see `afterTransaction`). */
  readonly #whenEnded: AsyncLocalStorage<Array<() => void>>;
  /** Spans of statements and transactions, when tracing is on (see `tracedBy`). */
  readonly #tracer: Tracer | undefined;

  constructor(
    orm: MikroORM,
    pool: pg.Pool,
    release: () => Promise<void>,
    shared: { tracer?: Tracer; whenEnded?: AsyncLocalStorage<Array<() => void>> } = {},
  ) {
    this.#orm = orm;
    this.pool = pool;
    this.#release = release;
    this.#tracer = shared.tracer?.enabled ? shared.tracer : undefined;
    this.#whenEnded = shared.whenEnded ?? new AsyncLocalStorage();
  }

  /** This database (the same pool and transactions) with a span for each statement and new transaction. */
  tracedBy(tracer: Tracer): PostgresDatabase {
    return new PostgresDatabase(this.#orm, this.pool, this.#release, { tracer, whenEnded: this.#whenEnded });
  }

  /**
   * Runs `sql` with bound parameters, in the surrounding transaction when there is one. Not MikroORM's
   * `execute()`, which inlines every value into the SQL text: a 64 KiB webhook body would travel as a
   * 128 KiB escaped literal for PostgreSQL to parse back. Timestamps come back as strings.
   */
  async query<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    if (!this.#tracer) return this.#query(sql, params);
    const { name, attributes } = statementSpan(sql);
    return this.#tracer.inSpan(name, () => this.#query<T>(sql, params), { kind: 'client', attributes });
  }

  async #query<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
    const em = this.#inTransaction();
    const run = async () => {
      const { rows } = await (em ?? this.#orm.em)
        .getKysely()
        .executeQuery<T>(CompiledQuery.raw(sql, [...params]));
      return rows;
    };
    try {
      // A statement of its own is its own transaction: after a deadlock it is run again.
      return em ? await run() : await retryingConflicts(run);
    } catch (error) {
      throw translateWriteConflict(error);
    }
  }

  /**
   * Runs `work` in a transaction: a new one, or the surrounding one, which it joins (no savepoint). A new one
   * that PostgreSQL rolls back for a deadlock or serialization failure is run again from the start; a write
   * whose parent row vanished meanwhile fails as NotFound (see write-conflicts.ts).
   */
  async transaction<T>(work: () => Promise<T>): Promise<T> {
    const join = () =>
      this.entityManager().transactional(() => work(), { propagation: TransactionPropagation.REQUIRED });
    if (this.#inTransaction()) return join();
    if (this.#tracer) {
      const attributes = { 'db.system.name': 'postgresql' };
      return this.#tracer.inSpan('pg transaction', () => this.#transaction(join), {
        kind: 'client',
        attributes,
      });
    }
    return this.#transaction(join);
  }

  async #transaction<T>(join: () => Promise<T>): Promise<T> {
    const callbacks: Array<() => void> = [];
    try {
      return await retryingConflicts(() => this.#whenEnded.run(callbacks, join));
    } catch (error) {
      throw translateWriteConflict(error);
    } finally {
      for (const callback of callbacks) callback();
    }
  }

  /** Whether the caller runs inside a transaction (which `query` and `transaction` join). */
  inTransaction(): boolean {
    return this.#inTransaction() !== undefined;
  }

  /**
   * Runs `callback` once the surrounding transaction has ended (committed or rolled back), or now when there
   * is none: a cache forgets what a transaction changed when other requests can see the change.
   */
  afterTransaction(callback: () => void): void {
    const callbacks = this.#inTransaction() ? this.#whenEnded.getStore() : undefined;
    if (callbacks) callbacks.push(callback);
    else callback();
  }

  /** The surrounding transaction's EntityManager, else a fresh fork: no identity map is shared between calls. */
  entityManager(): EntityManager {
    return this.#inTransaction() ?? this.#orm.em.fork();
  }

  /** Closes the pool, then lets go of the database (stopping an embedded server this process started). */
  async close(): Promise<void> {
    try {
      await this.#orm.close();
    } finally {
      await this.#release();
    }
  }

  #inTransaction(): EntityManager | undefined {
    return TransactionContext.getEntityManager(this.#orm.em.name) as EntityManager | undefined;
  }
}

export interface ConnectOptions {
  readonly url: string;
  /** The MikroORM entity schemas the areas' ORM repositories use. */
  readonly entities: readonly EntitySchema[];
  readonly poolMax?: number;
  readonly deadlines: DatabaseDeadlines;
  /** Runs after the pool is closed (to stop an embedded server). */
  readonly release?: () => Promise<void>;
}

/** Connects MikroORM (and so the pool) to PostgreSQL, with the entity schemas (`migratePostgres` migrates). */
export async function connectPostgres({
  url,
  entities,
  poolMax = 10,
  deadlines,
  release = async () => {},
}: ConnectOptions): Promise<PostgresDatabase> {
  // The synchronous constructor rather than `MikroORM.init`: init loads every installed extension it is not
  // given, the migrator among them, which only `migratePostgres` needs, and only when a migration is pending.
  const orm = new MikroORM({
    clientUrl: url,
    entities: [...entities],
    discovery: { warnWhenNoEntities: false },
    // The database must exist (the embedded server's `postgres`; tests create theirs): no `create database`
    // behind a mistyped DATABASE_URL, and connecting does no I/O, so the pool below exists with the server down.
    ensureDatabase: false,
    pool: { max: poolMax },
    driverOptions: poolOptions(deadlines, { statements: 'bounded' }),
    allowGlobalContext: false,
    debug: false,
  });
  const pool = (await orm.em.getConnection().getNativeClient()) as pg.Pool;
  budgetPoolWaits(pool);
  return new PostgresDatabase(orm, pool, release);
}

/** Attempts of a transaction that deadlocks, with a short random wait between (the other writer finishes). */
const CONFLICT_ATTEMPTS = 4;

async function retryingConflicts<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= CONFLICT_ATTEMPTS || !isRetryableConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
