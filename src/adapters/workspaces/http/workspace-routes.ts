import type {
  MemberView,
  WorkspaceMembershipView,
} from '../../../application/workspaces/ports/workspace-repository.ts';
import type { ThroughWorkspaces } from '../../../composition/workspaces.ts';
import type { Role } from '../../../domain/kernel/roles.ts';
import { auditEventQuery, auditEvents, auditFilterOf } from '../../audit/index.ts';
import * as answer from '../../platform/http/answers.ts';
import { pageQuery } from '../../platform/http/pagination.ts';
import { camelCased, onId, onIdWith } from '../../platform/http/request-input.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { presentMember, presentWorkspace } from './workspace-presenters.ts';
import {
  changeRoleRequest,
  createWorkspaceRequest,
  member,
  memberParams,
  updateWorkspaceRequest,
  workspace,
} from './workspace-schemas.ts';

export function workspaceRoutes(deps: ThroughWorkspaces): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.account);
  const shown: answer.View<WorkspaceMembershipView> = { schema: workspace, present: presentWorkspace };
  const members: answer.View<MemberView> = { schema: member, present: presentMember };
  return [
    bearer.get('/api/workspaces', {
      operationId: 'listWorkspaces',
      summary: "The caller's workspaces",
      description:
        'Every workspace the caller belongs to, with their role in it, oldest first; for an API key, its own workspace.',
      query: pageQuery,
      ...answer.page(shown, 'One page of workspaces.', ({ principal }, page) =>
        deps.listWorkspaces(principal, page),
      ),
    }),
    bearer.post('/api/workspaces', {
      operationId: 'createWorkspace',
      summary: 'Create a workspace',
      description:
        'A shared workspace; the caller becomes its owner. An API key gets 403 `api_key_not_allowed`: it acts in its own workspace only.',
      body: createWorkspaceRequest,
      // 409 `quota_exceeded` past QUOTA_WORKSPACES_PER_USER (limit `workspaces`).
      errors: [403, 409],
      ...answer.created(shown, 'The new workspace.', ({ principal, body }) =>
        deps.createWorkspace(principal, camelCased(body)),
      ),
    }),
    bearer.get('/api/workspaces/{id}', {
      operationId: 'getWorkspace',
      summary: 'A workspace',
      ...answer.one(shown, 'The workspace and the caller role.', onId(deps.getWorkspace)),
    }),
    bearer.patch('/api/workspaces/{id}', {
      operationId: 'updateWorkspace',
      summary: 'Rename a workspace (owners)',
      body: updateWorkspaceRequest,
      errors: [403],
      ...answer.one(shown, 'The renamed workspace.', onIdWith(deps.renameWorkspace)),
    }),
    bearer.delete('/api/workspaces/{id}', {
      operationId: 'deleteWorkspace',
      summary: 'Delete a workspace (owners)',
      description:
        'Deletes the workspace with its missions, runs and triggers. A personal workspace cannot be deleted (409).',
      errors: [403, 409],
      ...answer.nothing('Deleted.', onId(deps.deleteWorkspace)),
    }),
    bearer.get('/api/workspaces/{id}/members', {
      operationId: 'listWorkspaceMembers',
      summary: 'The members of a workspace',
      description: 'Any member may list them, in the order they joined.',
      query: pageQuery,
      ...answer.page(members, 'One page of members.', ({ principal, params }, page) =>
        deps.listMembers(principal, params.id, page),
      ),
    }),
    bearer.get('/api/workspaces/{id}/audit-events', {
      operationId: 'listWorkspaceAuditEvents',
      summary: "A workspace's audit log (owners and admins)",
      description:
        'Changes to the workspace and what it holds (members and roles, invitations, API keys, triggers and ' +
        'their secrets, outbound webhook endpoints), newest first, each with its actor, target and context; ' +
        'filtered by action, actor, target and time. Events never hold a secret, token or body.',
      query: auditEventQuery,
      errors: [403],
      ...answer.page(auditEvents, 'One page of events.', ({ principal, params, query }, page) =>
        deps.listWorkspaceAuditEvents(principal, params.id, auditFilterOf(query), page),
      ),
    }),
    bearer.patch('/api/workspaces/{id}/members/{user_id}', {
      operationId: 'changeWorkspaceMemberRole',
      summary: "Change a member's role (owners)",
      description: 'A workspace always keeps at least one owner: demoting the last one is 409.',
      params: memberParams,
      body: changeRoleRequest,
      errors: [403, 409],
      ...answer.one(members, 'The member.', ({ principal, params, body }) =>
        deps.changeMemberRole(principal, params.id, params.user_id, (body as { role: Role }).role),
      ),
    }),
    bearer.delete('/api/workspaces/{id}/members/{user_id}', {
      operationId: 'removeWorkspaceMember',
      summary: 'Remove a member (owners), or leave',
      description:
        'Owners remove anyone; every member may remove themselves. The last owner cannot go (409).',
      params: memberParams,
      errors: [403, 409],
      ...answer.nothing('Removed.', ({ principal, params }) =>
        deps.removeMember(principal, params.id, params.user_id),
      ),
    }),
  ];
}
