import type { LoginSessionRepository } from '../../../application/identity/ports/login-session-repository.ts';
import type { UserRepository } from '../../../application/identity/ports/user-repository.ts';
import { cachedLookup } from '../../platform/caching/cached-lookup.ts';
import { changed } from '../../platform/caching/cached-rows.ts';
import { announcer, announces } from '../../platform/caching/method-overrides.ts';

const session = changed('login_session');
const user = changed('user');

/**
 * Login sessions whose every write tells this instance's caches (a user's epoch moves with `user`).
 * Every login-session method, a read or a write (a user's epoch moves with `user`).
 */
export const announcingLoginSessions = announcer<LoginSessionRepository>({
  create: 'insert',
  findById: 'read',
  findInUse: 'read',
  rotate: announces((id) => [session(id)]),
  revoke: announces((id) => [session(id)]),
  revokeAllForUser: announces((userId) => [user(userId)]),
  listForUser: 'read',
});

/**
 * Users whose every write tells this instance's caches.
 * Every user method, a read or a write (creating one announces it: its memberships are a list).
 */
export const announcingUsers = announcer<UserRepository>({
  findByLogin: 'read',
  findById: 'read',
  isLoginTaken: 'read',
  create: announces((created) => [user(created.id)]),
  rehashPassword: announces((userId) => [user(userId)]),
  changePassword: announces((userId) => [user(userId)]),
  setDisabled: announces((userId) => [user(userId)]),
  markEmailVerified: announces((userId) => [user(userId)]),
  list: 'read',
});

/**
 * `findInUse` (the session and its user's epoch, read by every token check) cached by session id. Only the
 * token check reads through this: a refresh judges generations and must read the row itself.
 */
export const withCachedSessionsInUse = cachedLookup<LoginSessionRepository, 'findInUse'>(
  'findInUse',
  {
    login_session: (id, entries) => entries.delete(id),
    user: (id, entries) => entries.deleteWhere((found) => found.session.userId === id),
  },
  'login_sessions',
);

/** `findById` cached, for what `/me` shows (never for a password or an epoch check). */
export const withCachedUsers = cachedLookup<UserRepository, 'findById'>(
  'findById',
  {
    user: (id, entries) => entries.delete(id),
  },
  'users',
);
