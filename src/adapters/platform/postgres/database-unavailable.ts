import { ConnectionException } from '@mikro-orm/postgresql';

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '57014', // query_canceled: the statement outlived DATABASE_STATEMENT_TIMEOUT_MS
  '25P03', // idle_in_transaction_session_timeout
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/**
 * True when an error means "the database cannot be reached right now" (answered 503 with Retry-After),
 * as opposed to a bug. Walks the `cause` chain, since the ORM and the pool wrap driver errors.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof ConnectionException) return true;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (
      typeof message === 'string' &&
      /connection terminated|timeout exceeded when trying to connect|query read timeout|not queryable/i.test(
        message,
      )
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
