import type {
  WorkspaceMembershipView,
  WorkspaceRepository,
} from '../../../application/workspaces/ports/workspace-repository.ts';
import type { CacheInvalidation } from '../../platform/caching/cache-invalidation.ts';
import { changed } from '../../platform/caching/cached-rows.ts';
import { forgetting, InvalidatedCache } from '../../platform/caching/invalidated-cache.ts';
import {
  announces,
  announcingChanges,
  type MethodAccess,
  overrideMethods,
} from '../../platform/caching/method-overrides.ts';

const memberships = changed('memberships');
const workspace = changed('workspace');

/** Every workspace and membership method, a read or a write. */
const workspaceAccess: MethodAccess<WorkspaceRepository> = {
  listForUser: 'read',
  pageForUser: 'read',
  findById: 'read',
  findRole: 'read',
  create: announces((_workspace, owner) => [memberships(owner.userId)]),
  update: announces((changedWorkspace) => [workspace(changedWorkspace.id)]),
  delete: announces((id) => [workspace(id)]),
  listMembers: 'read',
  findMember: 'read',
  membersForChange: 'read',
  addMember: announces((membership) => [memberships(membership.userId)]),
  setRole: announces((_workspaceId, userId) => [memberships(userId)]),
  removeMember: announces((_workspaceId, userId) => [memberships(userId)]),
};

/** Workspaces and memberships whose every write tells this instance's caches. */
export function announcingWorkspaces(inner: WorkspaceRepository, invalidation: CacheInvalidation) {
  return announcingChanges(inner, invalidation, workspaceAccess);
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
    forget: forgetting({
      user: (userId, entries) => entries.delete(userId),
      memberships: (userId, entries) => entries.delete(userId),
      workspace: (id, entries) =>
        entries.deleteWhere((views) => views.some((view) => view.workspace.id === id)),
    }),
  });
  return overrideMethods(inner, {
    listForUser: async (userId) => (await cache.get(userId, () => inner.listForUser(userId))) ?? [],
  });
}
