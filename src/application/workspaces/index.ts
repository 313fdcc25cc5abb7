// What later areas use of the workspaces area's application: they import it from here only (`make layers`).
export { type AccessDeps, accessibleInWorkspace } from './accessible-in-workspace.ts';
export type {
  MemberView,
  WorkspaceMembershipView,
  WorkspaceRepository,
} from './ports/workspace-repository.ts';
export type { WorkspaceAccess } from './workspace-access.ts';
export { type WorkspaceList, workspaceList } from './workspace-list.ts';
