import type {
  LoginSessionRepository,
  SessionInUse,
} from '../../../application/identity/ports/login-session-repository.ts';
import type { UserRepository } from '../../../application/identity/ports/user-repository.ts';
import type { User } from '../../../domain/identity/user.ts';
import type { CacheInvalidation } from '../../platform/caching/cache-invalidation.ts';
import { changed } from '../../platform/caching/cached-rows.ts';
import { forgetting, InvalidatedCache } from '../../platform/caching/invalidated-cache.ts';
import {
  announces,
  announcingChanges,
  type MethodAccess,
  overrideMethods,
} from '../../platform/caching/method-overrides.ts';

const session = changed('login_session');
const user = changed('user');

/** Every login-session method, a read or a write (a user's epoch moves with `user`). */
const loginSessionAccess: MethodAccess<LoginSessionRepository> = {
  create: 'insert',
  findById: 'read',
  findInUse: 'read',
  rotate: announces((id) => [session(id)]),
  revoke: announces((id) => [session(id)]),
  revokeAllForUser: announces((userId) => [user(userId)]),
  listForUser: 'read',
};

/** Every user method, a read or a write (creating one announces it: its memberships are a list). */
const userAccess: MethodAccess<UserRepository> = {
  findByLogin: 'read',
  findById: 'read',
  isLoginTaken: 'read',
  create: announces((created) => [user(created.id)]),
  rehashPassword: announces((userId) => [user(userId)]),
  changePassword: announces((userId) => [user(userId)]),
  setDisabled: announces((userId) => [user(userId)]),
  list: 'read',
};

/** Login sessions whose every write tells this instance's caches (a user's epoch moves with `user`). */
export function announcingLoginSessions(inner: LoginSessionRepository, invalidation: CacheInvalidation) {
  return announcingChanges(inner, invalidation, loginSessionAccess);
}

/** Users whose every write tells this instance's caches. */
export function announcingUsers(inner: UserRepository, invalidation: CacheInvalidation) {
  return announcingChanges(inner, invalidation, userAccess);
}

/**
 * `findInUse` (the session and its user's epoch, read by every token check) cached by session id. Only the
 * token check reads through this: a refresh judges generations and must read the row itself.
 */
export function withCachedSessionsInUse(
  inner: LoginSessionRepository,
  invalidation: CacheInvalidation,
  maxEntries: number,
): LoginSessionRepository {
  const cache = new InvalidatedCache<SessionInUse>({
    invalidation,
    maxEntries,
    forget: forgetting({
      login_session: (id, entries) => entries.delete(id),
      user: (id, entries) => entries.deleteWhere((found) => found.session.userId === id),
    }),
  });
  return overrideMethods(inner, { findInUse: (id) => cache.get(id, () => inner.findInUse(id)) });
}

/** `findById` cached, for what `/me` shows (never for a password or an epoch check). */
export function withCachedUsers(inner: UserRepository, invalidation: CacheInvalidation, maxEntries: number) {
  const cache = new InvalidatedCache<User>({
    invalidation,
    maxEntries,
    forget: forgetting({ user: (id, entries) => entries.delete(id) }),
  });
  return overrideMethods(inner, { findById: (id) => cache.get(id, () => inner.findById(id)) });
}
