import { NotFound } from '../../../domain/kernel/errors.ts';

/** The PostgreSQL error code of `error`, whichever layer (the ORM, the pool) wrapped it. */
function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A deadlock (40P01) or serialization failure (40001): PostgreSQL rolled the transaction back, and running
 * it again from the start is safe (writers racing a workspace's deletion lock rows in different orders).
 */
export function isRetryableConflict(error: unknown): boolean {
  const code = sqlState(error);
  return code === '40P01' || code === '40001';
}

/**
 * A foreign-key violation (23503) on a write means the row it refers to is gone (its workspace was deleted
 * meanwhile): to the caller that is the same as not finding it, 404, never a 500.
 */
export function translateWriteConflict(error: unknown): unknown {
  return sqlState(error) === '23503' ? new NotFound('what this refers to (deleted meanwhile)') : error;
}
