import type { MemberView, WorkspaceMembershipView } from '../../../application/ports/workspace-repository.ts';
import type { AddMember } from '../../../application/workspaces/add-member.ts';
import type { ChangeMemberRole } from '../../../application/workspaces/change-member-role.ts';
import type { CreateWorkspace } from '../../../application/workspaces/create-workspace.ts';
import type { DeleteWorkspace } from '../../../application/workspaces/delete-workspace.ts';
import type { GetWorkspace } from '../../../application/workspaces/get-workspace.ts';
import type { ListMembers } from '../../../application/workspaces/list-members.ts';
import type { ListWorkspaces } from '../../../application/workspaces/list-workspaces.ts';
import type { RemoveMember } from '../../../application/workspaces/remove-member.ts';
import type { RenameWorkspace } from '../../../application/workspaces/rename-workspace.ts';
import type { Role } from '../../../domain/workspaces/workspace.ts';
import { pageRequestOf, presentPage } from '../pagination.ts';
import { principalOf } from '../request-state.ts';
import type { RouteSpec } from '../route.ts';
import { idParams, page } from '../schemas/common.ts';
import {
  addMemberRequest,
  changeRoleRequest,
  createWorkspaceRequest,
  member,
  memberParams,
  pageQuery,
  updateWorkspaceRequest,
  workspace,
} from '../schemas/workspaces.ts';

export interface WorkspaceRouteDeps {
  listWorkspaces: ListWorkspaces;
  createWorkspace: CreateWorkspace;
  getWorkspace: GetWorkspace;
  renameWorkspace: RenameWorkspace;
  deleteWorkspace: DeleteWorkspace;
  listMembers: ListMembers;
  addMember: AddMember;
  changeMemberRole: ChangeMemberRole;
  removeMember: RemoveMember;
}

const tags = ['authentication, workspaces and billing'];

export function presentWorkspace({ workspace, role }: WorkspaceMembershipView) {
  return {
    id: workspace.id,
    name: workspace.name,
    personal: workspace.personal,
    role,
    created_at: workspace.createdAt.toISOString(),
  };
}

export function presentMember(view: MemberView) {
  return {
    user_id: view.membership.userId,
    username: view.username,
    display_name: view.displayName,
    role: view.membership.role,
    joined_at: view.membership.createdAt.toISOString(),
  };
}

export function workspaceRoutes(deps: WorkspaceRouteDeps): RouteSpec[] {
  return [
    {
      method: 'GET',
      path: '/api/workspaces',
      operationId: 'listWorkspaces',
      summary: "The caller's workspaces",
      description: 'Every workspace the caller belongs to, with their role in it, oldest first.',
      tags,
      security: 'bearer',
      query: pageQuery,
      responses: { 200: { description: 'One page of workspaces.', schema: page(workspace) } },
      handler: async (ctx, { query }) => {
        const result = await deps.listWorkspaces(principalOf(ctx), pageRequestOf(query));
        ctx.body = presentPage(result, presentWorkspace);
      },
    },
    {
      method: 'POST',
      path: '/api/workspaces',
      operationId: 'createWorkspace',
      summary: 'Create a workspace',
      description: 'A shared workspace; the caller becomes its owner.',
      tags,
      security: 'bearer',
      body: createWorkspaceRequest,
      responses: { 201: { description: 'The new workspace.', schema: workspace } },
      handler: async (ctx, { body }) => {
        const created = await deps.createWorkspace(principalOf(ctx), body as { name: string });
        ctx.status = 201;
        ctx.body = presentWorkspace(created);
      },
    },
    {
      method: 'GET',
      path: '/api/workspaces/{id}',
      operationId: 'getWorkspace',
      summary: 'A workspace',
      tags,
      security: 'bearer',
      params: idParams,
      responses: { 200: { description: 'The workspace and the caller role.', schema: workspace } },
      handler: async (ctx, { params }) => {
        ctx.body = presentWorkspace(await deps.getWorkspace(principalOf(ctx), params.id as string));
      },
    },
    {
      method: 'PATCH',
      path: '/api/workspaces/{id}',
      operationId: 'updateWorkspace',
      summary: 'Rename a workspace (owners)',
      tags,
      security: 'bearer',
      params: idParams,
      body: updateWorkspaceRequest,
      errors: [403],
      responses: { 200: { description: 'The renamed workspace.', schema: workspace } },
      handler: async (ctx, { params, body }) => {
        const renamed = await deps.renameWorkspace(
          principalOf(ctx),
          params.id as string,
          body as { name: string },
        );
        ctx.body = presentWorkspace(renamed);
      },
    },
    {
      method: 'DELETE',
      path: '/api/workspaces/{id}',
      operationId: 'deleteWorkspace',
      summary: 'Delete a workspace (owners)',
      description:
        'Deletes the workspace with its missions, runs and triggers. A personal workspace cannot be deleted (409).',
      tags,
      security: 'bearer',
      params: idParams,
      errors: [403, 409],
      responses: { 204: { description: 'Deleted.' } },
      handler: async (ctx, { params }) => {
        await deps.deleteWorkspace(principalOf(ctx), params.id as string);
        ctx.status = 204;
      },
    },
    {
      method: 'GET',
      path: '/api/workspaces/{id}/members',
      operationId: 'listWorkspaceMembers',
      summary: 'The members of a workspace',
      description: 'Any member may list them, in the order they joined.',
      tags,
      security: 'bearer',
      params: idParams,
      query: pageQuery,
      responses: { 200: { description: 'One page of members.', schema: page(member) } },
      handler: async (ctx, { params, query }) => {
        const result = await deps.listMembers(principalOf(ctx), params.id as string, pageRequestOf(query));
        ctx.body = presentPage(result, presentMember);
      },
    },
    {
      method: 'POST',
      path: '/api/workspaces/{id}/members',
      operationId: 'addWorkspaceMember',
      summary: 'Add a member (owners)',
      description: 'Adds an existing user, named by username or e-mail; 404 when there is no such user.',
      tags,
      security: 'bearer',
      params: idParams,
      body: addMemberRequest,
      errors: [403, 409],
      responses: { 201: { description: 'The new member.', schema: member } },
      handler: async (ctx, { params, body }) => {
        const input = body as { username_or_email: string; role: Role };
        const added = await deps.addMember(principalOf(ctx), params.id as string, {
          usernameOrEmail: input.username_or_email,
          role: input.role,
        });
        ctx.status = 201;
        ctx.body = presentMember(added);
      },
    },
    {
      method: 'PATCH',
      path: '/api/workspaces/{id}/members/{user_id}',
      operationId: 'changeWorkspaceMemberRole',
      summary: "Change a member's role (owners)",
      description: 'A workspace always keeps at least one owner: demoting the last one is 409.',
      tags,
      security: 'bearer',
      params: memberParams,
      body: changeRoleRequest,
      errors: [403, 409],
      responses: { 200: { description: 'The member.', schema: member } },
      handler: async (ctx, { params, body }) => {
        const { role } = body as { role: Role };
        const changed = await deps.changeMemberRole(
          principalOf(ctx),
          params.id as string,
          params.user_id as string,
          role,
        );
        ctx.body = presentMember(changed);
      },
    },
    {
      method: 'DELETE',
      path: '/api/workspaces/{id}/members/{user_id}',
      operationId: 'removeWorkspaceMember',
      summary: 'Remove a member (owners), or leave',
      description:
        'Owners remove anyone; every member may remove themselves. The last owner cannot go (409).',
      tags,
      security: 'bearer',
      params: memberParams,
      errors: [403, 409],
      responses: { 204: { description: 'Removed.' } },
      handler: async (ctx, { params }) => {
        await deps.removeMember(principalOf(ctx), params.id as string, params.user_id as string);
        ctx.status = 204;
      },
    },
  ];
}
