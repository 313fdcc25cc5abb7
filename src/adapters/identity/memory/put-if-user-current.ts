import type { User } from '../../../domain/identity/user.ts';
import type { InMemoryTable } from '../../platform/memory/in-memory-table.ts';

/**
 * Puts `session` only if its user is enabled and still at the session's security epoch; whether it did. The
 * check and the insert are one step, and a transaction changing the user holds the store.
 */
export function putIfUserCurrent<Session extends { userId: string; userEpoch: number }>(
  users: InMemoryTable<User>,
  sessions: InMemoryTable<Session>,
  session: Session,
): boolean {
  const user = users.get(session.userId);
  if (!user || user.disabled || user.securityEpoch !== session.userEpoch) return false;
  sessions.put(session);
  return true;
}
