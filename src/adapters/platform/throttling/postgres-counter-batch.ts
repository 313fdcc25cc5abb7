import type pg from 'pg';
import { type CounterBatch, type CounterOp, counterOpsOneByOne } from './counter-batch.ts';
import { type RateLimiterAbstract, RateLimiterRes } from './rate-limiter-classes.ts';

interface Row {
  readonly i: number;
  readonly points: number;
  readonly expire: string | null;
}

/**
 * A CounterBatch on the `rate_limits` table in ONE statement, each operation a data-modifying CTE that writes and
 * reads the rows exactly as RateLimiterPostgres's own statements do (same keys, same upserts), so that batched and
 * single calls count together. The keys must differ: every CTE sees the table as the statement found it. When the
 * statement fails, each operation is decided by its limiter's in-memory insurance, as a single call would be.
 */
export function postgresCounterBatch(
  client: { query(query: pg.QueryConfig): Promise<pg.QueryResult> },
  table: string,
): CounterBatch {
  return async (ops) => {
    if (ops.length === 0) return [];
    const now = Date.now();
    const values: unknown[] = [];
    const param = (value: unknown) => `$${values.push(value)}`;
    // A parameter PostgreSQL is given must appear in the statement: `now` is one when an operation needs it.
    let at: string | undefined;
    const clock = { now, at: () => (at ??= param(now)) };
    const ctes = ops.map((op, i) => `o${i} as (${statement(op, table, param, clock)})`);
    const text = `with ${ctes.join(', ')} ${ops.map((_, i) => `select ${i} as i, points, expire from o${i}`).join(' union all ')}`;
    // Its text depends on the kinds of operation only: prepared once per connection and kind.
    const name = `rate-limit-batch:${ops.map((op) => op.op).join(',')}`;
    let rows: Row[];
    try {
      rows = (await client.query({ name, text, values })).rows as Row[];
    } catch {
      return counterOpsOneByOne(ops.map((op) => ({ ...op, limiter: insurance(op.limiter) })));
    }
    return ops.map((op, i) => {
      const row = op.op === 'delete' ? undefined : rows.find((candidate) => candidate.i === i);
      return row
        ? result(op.limiter, op.op === 'consume' ? 1 : op.op === 'set' ? op.points : 0, row, now)
        : null;
    });
  };
}

function statement(
  op: CounterOp,
  table: string,
  param: (value: unknown) => string,
  { now, at }: { now: number; at: () => string },
): string {
  const key = param(op.limiter.getKey(op.key));
  switch (op.op) {
    case 'consume': {
      const [expire, since] = [
        param(op.limiter.duration > 0 ? now + op.limiter.duration * 1000 : null),
        at(),
      ];
      return `insert into ${table} values (${key}, 1, ${expire}) on conflict(key) do update set
        points = case when ${table}.expire <= ${since} then 1 else ${table}.points + 1 end,
        expire = case when ${table}.expire <= ${since} then ${expire} else ${table}.expire end
        returning points, expire`;
    }
    case 'get':
      return `select points, expire from ${table} where key = ${key} and (expire > ${at()} or expire is null)`;
    case 'delete':
      return `delete from ${table} where key = ${key} returning points, expire`;
    case 'set': {
      const [points, expire] = [param(op.points), param(op.seconds > 0 ? now + op.seconds * 1000 : null)];
      return `insert into ${table} values (${key}, ${points}, ${expire}) on conflict(key) do update set
        points = ${points}, expire = ${expire} returning points, expire`;
    }
  }
}

/** The answer RateLimiterPostgres makes of a row (its `_getRateLimiterRes`). */
function result(limiter: RateLimiterAbstract, changedPoints: number, row: Row, now: number): RateLimiterRes {
  const points = Number(row.points);
  const consumed = changedPoints === points ? changedPoints : points;
  const msBeforeNext = row.expire === null ? -1 : Math.max(Number(row.expire) - now, 0);
  return new RateLimiterRes(
    Math.max(limiter.points - consumed, 0),
    msBeforeNext,
    consumed,
    changedPoints === points,
  );
}

/** The limiter's in-memory stand-in for a failed store (the factory gives every shared limiter one). */
function insurance(limiter: RateLimiterAbstract): RateLimiterAbstract {
  return (
    (limiter as RateLimiterAbstract & { insuranceLimiter?: RateLimiterAbstract }).insuranceLimiter ?? limiter
  );
}
