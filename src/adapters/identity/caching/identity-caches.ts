import type {
  LoginSessionRepository,
  SessionInUse,
} from '../../../application/identity/ports/login-session-repository.ts';
import type { UserRepository } from '../../../application/identity/ports/user-repository.ts';
import type {
  WorkspaceMembershipView,
  WorkspaceRepository,
} from '../../../application/workspaces/ports/workspace-repository.ts';
import type { User } from '../../../domain/identity/user.ts';
import type { CacheInvalidation, Change } from '../../platform/caching/cache-invalidation.ts';
import { InvalidatedCache } from '../../platform/caching/invalidated-cache.ts';
import { announcingChanges, overrideMethods } from '../../platform/caching/method-overrides.ts';

const session = (id: string): Change => ({ kind: 'login_session', id });
const user = (id: string): Change => ({ kind: 'user', id });
const memberships = (userId: string): Change => ({ kind: 'memberships', id: userId });
const workspace = (id: string): Change => ({ kind: 'workspace', id });

/** Login sessions whose every write tells this instance's caches (a user's epoch moves with `user`). */
export function announcingLoginSessions(inner: LoginSessionRepository, invalidation: CacheInvalidation) {
  return announcingChanges(inner, invalidation, {
    rotate: (id) => [session(id)],
    revoke: (id) => [session(id)],
    revokeAllForUser: (userId) => [user(userId)],
  });
}

/** Users whose every write tells this instance's caches. */
export function announcingUsers(inner: UserRepository, invalidation: CacheInvalidation) {
  return announcingChanges(inner, invalidation, {
    create: (created) => [user(created.id)],
    rehashPassword: (userId) => [user(userId)],
    changePassword: (userId) => [user(userId)],
    setDisabled: (userId) => [user(userId)],
  });
}

/** Workspaces and memberships whose every write tells this instance's caches. */
export function announcingWorkspaces(inner: WorkspaceRepository, invalidation: CacheInvalidation) {
  return announcingChanges(inner, invalidation, {
    create: (_workspace, owner) => [memberships(owner.userId)],
    update: (changed) => [workspace(changed.id)],
    delete: (id) => [workspace(id)],
    addMember: (membership) => [memberships(membership.userId)],
    setRole: (_workspaceId, userId) => [memberships(userId)],
    removeMember: (_workspaceId, userId) => [memberships(userId)],
  });
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
    forget: (change, entries) => {
      if (change.kind === 'login_session') entries.delete(change.id);
      else if (change.kind === 'user') entries.deleteWhere((found) => found.session.userId === change.id);
    },
  });
  return overrideMethods(inner, { findInUse: (id) => cache.get(id, () => inner.findInUse(id)) });
}

/** `findById` cached, for what `/me` shows (never for a password or an epoch check). */
export function withCachedUsers(inner: UserRepository, invalidation: CacheInvalidation, maxEntries: number) {
  const cache = new InvalidatedCache<User>({
    invalidation,
    maxEntries,
    forget: (change, entries) => {
      if (change.kind === 'user') entries.delete(change.id);
    },
  });
  return overrideMethods(inner, { findById: (id) => cache.get(id, () => inner.findById(id)) });
}

/** `listForUser` cached by user, for what `/me` shows. */
export function withCachedWorkspaceLists(
  inner: WorkspaceRepository,
  invalidation: CacheInvalidation,
  maxEntries: number,
): WorkspaceRepository {
  const cache = new InvalidatedCache<WorkspaceMembershipView[]>({
    invalidation,
    maxEntries,
    forget: (change, entries) => {
      if (change.kind === 'user' || change.kind === 'memberships') entries.delete(change.id);
      else if (change.kind === 'workspace') {
        entries.deleteWhere((views) => views.some((view) => view.workspace.id === change.id));
      }
    },
  });
  return overrideMethods(inner, {
    listForUser: async (userId) => (await cache.get(userId, () => inner.listForUser(userId))) ?? [],
  });
}
