import type { RetentionPurge } from '../../../application/kernel/ports/retention-purge.ts';
import { postgresPurge } from '../../platform/postgres/expired-batch.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';

/**
 * Retention of sessions: login sessions that ended (revoked, or past their absolute end) and browser
 * sessions past their end, once they ended longer ago than `RETENTION_SESSIONS_DAYS`. A session still in
 * use has not ended, so no cutoff (never later than now) reaches it.
 */
export function postgresSessionPurges(db: PostgresDatabase): RetentionPurge[] {
  return [
    postgresPurge(db, 'sessions', 'sessions', {
      table: 'login_sessions',
      finished: 'true',
      endedAt: `least(coalesce(revoked_at, 'infinity'), expires_at)`,
      change: 'delete',
    }),
    postgresPurge(db, 'sessions', 'browser_sessions', {
      table: 'browser_sessions',
      finished: 'true',
      endedAt: 'expires_at',
      change: 'delete',
    }),
  ];
}
