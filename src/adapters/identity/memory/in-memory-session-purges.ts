import type { RetentionPurge } from '../../../application/kernel/ports/retention-purge.ts';
import { inMemoryPurge } from '../../platform/memory/in-memory-retention.ts';
import type { InMemoryStore } from '../../platform/memory/in-memory-store.ts';
import { identityTables } from './identity-tables.ts';

/** The in-memory counterpart of `postgresSessionPurges`. */
export function inMemorySessionPurges(store: InMemoryStore): RetentionPurge[] {
  return [
    inMemoryPurge(store, {
      setting: 'sessions',
      name: 'sessions',
      table: (s) => identityTables(s).loginSessions,
      keyOf: (session) => session.id,
      endedAt: (session) =>
        session.revokedAt && session.revokedAt < session.expiresAt ? session.revokedAt : session.expiresAt,
    }),
    inMemoryPurge(store, {
      setting: 'sessions',
      name: 'browser_sessions',
      table: (s) => identityTables(s).browserSessions,
      keyOf: (session) => session.id,
      endedAt: (session) => session.expiresAt,
    }),
  ];
}
