import type { MemberView, WorkspaceRepository } from './ports/workspace-repository.ts';
import { type WorkspaceList, workspaceList } from './workspace-list.ts';

export type ListMembers = WorkspaceList<MemberView>;

/** Every member sees the member list, in the order they joined. */
export const makeListMembers = workspaceList(
  'member',
  (deps: { workspaces: WorkspaceRepository }, workspaceId, page) =>
    deps.workspaces.listMembers(workspaceId, page),
);
