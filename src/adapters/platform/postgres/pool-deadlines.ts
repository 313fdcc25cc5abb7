import pg from 'pg';
import { currentWaitBudget } from '../system/wait-budget.ts';

/** How long the service waits on PostgreSQL before giving up (then answering 503 with Retry-After). */
export interface DatabaseDeadlines {
  /** Opening a connection, or waiting for a free one in the pool. */
  readonly connectMs: number;
  /**
   * One statement. The server cancels it past this (`statement_timeout`, a clean error on a connection that
   * stays usable); when the network is silent and nothing comes back at all, the client gives up a moment
   * later and drops the connection.
   */
  readonly statementMs: number;
}

/** After the server's own cancel would have arrived: only silence gets here. */
const CLIENT_MARGIN_MS = 250;
/**
 * A transaction whose client vanished (its network went silent mid-transaction) is ended by the server after
 * this, releasing its row locks for the other instances; no transaction here waits on anything but SQL.
 */
const IDLE_IN_TRANSACTION_MS = 10_000;
/** Idle connections are probed after this, so one broken by a network cut is found before a request gets it. */
const KEEP_ALIVE_DELAY_MS = 10_000;

/**
 * The pg pool options every pool of the service uses: deadlines, keep-alive, and stuck connections dropped.
 * A pool that runs migrations (`statements: 'unbounded'`) keeps the connect deadline only: a migration may
 * rightly run for minutes.
 */
export function poolOptions(
  deadlines: DatabaseDeadlines,
  { statements }: { statements: 'bounded' | 'unbounded' },
): pg.PoolConfig {
  const connecting = {
    connectionTimeoutMillis: deadlines.connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
  };
  if (statements === 'unbounded') return connecting;
  return {
    ...connecting,
    Client: DeadlineClient,
    statement_timeout: deadlines.statementMs,
    query_timeout: deadlines.statementMs + CLIENT_MARGIN_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
  };
}

/**
 * A pg client that drops its connection when a query outlives `query_timeout`. pg rejects such a query but
 * keeps the connection, whose unanswered query blocks every later one: the pool would hand it out again and
 * again, and a process whose network came back would keep failing until TCP gave up, many minutes later.
 * Dropped, the connection is discarded by the pool and the next request opens a fresh one.
 *
 * Inside a request, a query's deadline is also cut to what is left of the request's wait budget, and a query
 * asked for once the budget is spent fails at once (see `WaitBudget`).
 */
class DeadlineClient extends pg.Client {}

const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;

DeadlineClient.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const control = transactionControl(args[0]);
  // A ROLLBACK is never refused for a spent budget: it ends the transaction and frees the connection.
  const budget = control === 'rollback' ? undefined : currentWaitBudget();
  const callback = args.at(-1);
  if (budget && typeof (args[0] as { submit?: unknown }).submit !== 'function') {
    const remainingMs = Math.floor(budget.remainingMs());
    if (remainingMs <= 0) {
      const error = new WaitBudgetSpent();
      if (control) giveBack(this);
      if (typeof callback !== 'function') return Promise.reject(error);
      process.nextTick(() => callback(error));
      return undefined;
    }
    args[0] = withReadTimeout(args[0], remainingMs, this);
  }
  const drop = (error: unknown) => {
    if (!error) return;
    if (control) giveBack(this);
    else if ((error as Error).message === 'Query read timeout') end(this);
  };
  if (typeof callback === 'function') {
    let settle: () => void = () => {};
    budget?.track(new Promise<void>((resolve) => (settle = resolve)));
    args[args.length - 1] = (error: unknown, result: unknown) => {
      settle();
      drop(error);
      callback(error, result);
    };
    return query.apply(this, args);
  }
  const result = query.apply(this, args);
  if (result instanceof Promise) {
    budget?.track(result).catch(() => {});
    result.catch(drop);
  }
  return result;
} as pg.Client['query'];

/** Ending marks the client, so the pool discards it when it comes back; the socket goes at once either way. */
function end(client: pg.Client): void {
  client.end().catch(() => {});
  (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
}

/** BEGIN and ROLLBACK (not a savepoint's); COMMIT needs no care: after a failed one, the ROLLBACK follows. */
function transactionControl(config: unknown): 'begin' | 'rollback' | undefined {
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | undefined)?.text;
  if (typeof text !== 'string') return undefined;
  if (/^\s*(begin|start\s+transaction)\b/i.test(text)) return 'begin';
  if (/^\s*rollback\s*$/i.test(text)) return 'rollback';
  return undefined;
}

/**
 * Kysely (under MikroORM) gives a transaction's connection back to the pool only once its BEGIN, and then its
 * COMMIT or ROLLBACK, succeeded; when BEGIN or ROLLBACK fails (refused for a spent budget, or on a connection
 * dropped after a read timeout) nobody ever releases it, and enough of them leave the pool with none. So the
 * client is ended and released here with an error, which makes the pool drop it rather than hand it out again
 * (a caller that does release it later, as Kysely's own `transaction()` would, then releases nothing).
 */
function giveBack(client: pg.Client): void {
  end(client);
  const checkedOut = client as pg.Client & { release?: (error?: Error) => void };
  const release = checkedOut.release;
  if (typeof release !== 'function') return;
  checkedOut.release = () => {};
  release.call(client, new Error('a transaction could not begin or roll back'));
}

/** The query's config with its read deadline cut to `remainingMs` when that is sooner. */
function withReadTimeout(config: unknown, remainingMs: number, client: pg.Client): object {
  const own: { query_timeout?: number } = typeof config === 'string' ? { text: config } : (config as object);
  const connectionDefault = (client as unknown as { connectionParameters: { query_timeout?: number } })
    .connectionParameters.query_timeout;
  const deadline = own.query_timeout ?? connectionDefault ?? remainingMs;
  return { ...own, query_timeout: Math.min(deadline, remainingMs) };
}

/** A request asked the database for more once its wait budget was spent: answered 503 like a timeout. */
export class WaitBudgetSpent extends Error {
  readonly code = '57014';
  constructor() {
    super("the request's database wait budget is spent");
  }
}

type ConnectCallback = (error: Error | undefined, client?: pg.PoolClient, release?: () => void) => void;

/**
 * Inside a request, waiting for a free connection counts against its wait budget too, and ends when the budget
 * does (a connection that turns up later goes straight back to the pool).
 */
export function budgetPoolWaits(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (
    callback?: ConnectCallback,
  ) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((callback?: ConnectCallback) => {
    const budget = currentWaitBudget();
    if (!budget) return connect(callback);
    const remainingMs = budget.remainingMs();
    const acquired = budget.track(
      remainingMs > 0
        ? withinBudget(connect() as Promise<pg.PoolClient>, remainingMs)
        : Promise.reject(new WaitBudgetSpent()),
    );
    if (!callback) return acquired;
    acquired.then(
      (client) => callback(undefined, client, () => client.release()),
      (error: Error) => callback(error),
    );
    return undefined;
  }) as pg.Pool['connect'];
}

function withinBudget(acquiring: Promise<pg.PoolClient>, remainingMs: number): Promise<pg.PoolClient> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      acquiring.then(
        (client) => client.release(),
        () => {},
      );
      reject(new WaitBudgetSpent());
    }, remainingMs);
    acquiring.then(
      (client) => {
        clearTimeout(timer);
        resolve(client);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
