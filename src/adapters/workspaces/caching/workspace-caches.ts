import type { WorkspaceRepository } from '../../../application/workspaces/ports/workspace-repository.ts';
import { cachedLookup } from '../../platform/caching/cached-lookup.ts';
import { changed } from '../../platform/caching/cached-rows.ts';
import { announcer, announces } from '../../platform/caching/method-overrides.ts';

const memberships = changed('memberships');
const workspace = changed('workspace');

/**
 * Workspaces and memberships whose every write tells this instance's caches.
 * Every workspace and membership method, a read or a write.
 */
export const announcingWorkspaces = announcer<WorkspaceRepository>({
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
});

/** `listForUser` cached by user, for what `/me` shows. */
export const withCachedWorkspaceLists = cachedLookup<WorkspaceRepository, 'listForUser'>(
  'listForUser',
  {
    user: (userId, entries) => entries.delete(userId),
    memberships: (userId, entries) => entries.delete(userId),
    workspace: (id, entries) =>
      entries.deleteWhere((views) => views.some((view) => view.workspace.id === id)),
  },
  'workspace_lists',
);
