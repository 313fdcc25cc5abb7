import type { ThroughWorkspaces } from '../../../composition/workspaces.ts';
import type { Role } from '../../../domain/workspaces/workspace.ts';
import { idParams, page } from '../../platform/http/common-schemas.ts';
import { pageRequestOf, presentPage } from '../../platform/http/pagination.ts';
import { camelCased } from '../../platform/http/request-input.ts';
import { created, ok } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { presentMember, presentWorkspace } from './workspace-presenters.ts';
import {
  changeRoleRequest,
  createWorkspaceRequest,
  member,
  memberParams,
  pageQuery,
  updateWorkspaceRequest,
  workspace,
} from './workspace-schemas.ts';

export function workspaceRoutes(deps: ThroughWorkspaces): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.account);
  return [
    bearer.get('/api/workspaces', {
      operationId: 'listWorkspaces',
      summary: "The caller's workspaces",
      description:
        'Every workspace the caller belongs to, with their role in it, oldest first; for an API key, its own workspace.',
      query: pageQuery,
      responses: { 200: { description: 'One page of workspaces.', schema: page(workspace) } },
      handler: async (ctx, { principal, query }) =>
        ok(ctx, presentPage(await deps.listWorkspaces(principal, pageRequestOf(query)), presentWorkspace)),
    }),
    bearer.post('/api/workspaces', {
      operationId: 'createWorkspace',
      summary: 'Create a workspace',
      description:
        'A shared workspace; the caller becomes its owner. An API key gets 403 `api_key_not_allowed`: it acts in its own workspace only.',
      body: createWorkspaceRequest,
      errors: [403],
      responses: { 201: { description: 'The new workspace.', schema: workspace } },
      handler: async (ctx, { principal, body }) =>
        created(ctx, presentWorkspace(await deps.createWorkspace(principal, camelCased(body)))),
    }),
    bearer.get('/api/workspaces/{id}', {
      operationId: 'getWorkspace',
      summary: 'A workspace',
      params: idParams,
      responses: { 200: { description: 'The workspace and the caller role.', schema: workspace } },
      handler: async (ctx, { principal, params }) =>
        ok(ctx, presentWorkspace(await deps.getWorkspace(principal, params.id))),
    }),
    bearer.patch('/api/workspaces/{id}', {
      operationId: 'updateWorkspace',
      summary: 'Rename a workspace (owners)',
      params: idParams,
      body: updateWorkspaceRequest,
      errors: [403],
      responses: { 200: { description: 'The renamed workspace.', schema: workspace } },
      handler: async (ctx, { principal, params, body }) =>
        ok(ctx, presentWorkspace(await deps.renameWorkspace(principal, params.id, camelCased(body)))),
    }),
    bearer.delete('/api/workspaces/{id}', {
      operationId: 'deleteWorkspace',
      summary: 'Delete a workspace (owners)',
      description:
        'Deletes the workspace with its missions, runs and triggers. A personal workspace cannot be deleted (409).',
      params: idParams,
      errors: [403, 409],
      responses: { 204: { description: 'Deleted.' } },
      handler: async (ctx, { principal, params }) => {
        await deps.deleteWorkspace(principal, params.id);
        ctx.status = 204;
      },
    }),
    bearer.get('/api/workspaces/{id}/members', {
      operationId: 'listWorkspaceMembers',
      summary: 'The members of a workspace',
      description: 'Any member may list them, in the order they joined.',
      params: idParams,
      query: pageQuery,
      responses: { 200: { description: 'One page of members.', schema: page(member) } },
      handler: async (ctx, { principal, params, query }) =>
        ok(
          ctx,
          presentPage(await deps.listMembers(principal, params.id, pageRequestOf(query)), presentMember),
        ),
    }),
    bearer.patch('/api/workspaces/{id}/members/{user_id}', {
      operationId: 'changeWorkspaceMemberRole',
      summary: "Change a member's role (owners)",
      description: 'A workspace always keeps at least one owner: demoting the last one is 409.',
      params: memberParams,
      body: changeRoleRequest,
      errors: [403, 409],
      responses: { 200: { description: 'The member.', schema: member } },
      handler: async (ctx, { principal, params, body }) => {
        const { role } = body as { role: Role };
        ok(ctx, presentMember(await deps.changeMemberRole(principal, params.id, params.user_id, role)));
      },
    }),
    bearer.delete('/api/workspaces/{id}/members/{user_id}', {
      operationId: 'removeWorkspaceMember',
      summary: 'Remove a member (owners), or leave',
      description:
        'Owners remove anyone; every member may remove themselves. The last owner cannot go (409).',
      params: memberParams,
      errors: [403, 409],
      responses: { 204: { description: 'Removed.' } },
      handler: async (ctx, { principal, params }) => {
        await deps.removeMember(principal, params.id, params.user_id);
        ctx.status = 204;
      },
    }),
  ];
}
