import type { ThroughWorkspaces } from '../../../composition/workspaces.ts';
import { idParams, page } from '../../platform/http/common-schemas.ts';
import { pageRequestOf, presentPage } from '../../platform/http/pagination.ts';
import { camelCased } from '../../platform/http/request-input.ts';
import { created, ok } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { presentInvitation, presentReceivedInvitation } from './invitation-presenters.ts';
import {
  invitation,
  inviteRequest,
  receivedInvitation,
  workspaceInvitationParams,
} from './invitation-schemas.ts';
import { presentWorkspace } from './workspace-presenters.ts';
import { pageQuery, workspace } from './workspace-schemas.ts';

/** Joining a workspace takes the invitee's consent: owners invite, the invitee accepts or declines. */
export function invitationRoutes(deps: ThroughWorkspaces): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.account);
  return [
    bearer.post('/api/workspaces/{id}/invitations', {
      operationId: 'inviteWorkspaceMember',
      summary: 'Invite someone to a workspace (owners)',
      description:
        'Invites a username or e-mail with a role; it joins only when its holder accepts, within 7 days. The ' +
        'answer is the same whether or not an account has that name. Inviting the same name again replaces ' +
        'the pending invitation; at most 100 are open at once (409).',
      params: idParams,
      body: inviteRequest,
      errors: [403, 409],
      responses: { 201: { description: 'The pending invitation.', schema: invitation } },
      handler: async (ctx, { principal, params, body }) =>
        created(ctx, presentInvitation(await deps.inviteMember(principal, params.id, camelCased(body)))),
    }),
    bearer.get('/api/workspaces/{id}/invitations', {
      operationId: 'listWorkspaceInvitations',
      summary: "A workspace's open invitations (owners)",
      description: 'Pending invitations not yet expired, oldest first.',
      params: idParams,
      query: pageQuery,
      errors: [403],
      responses: { 200: { description: 'One page of invitations.', schema: page(invitation) } },
      handler: async (ctx, { principal, params, query }) =>
        ok(
          ctx,
          presentPage(
            await deps.listInvitations(principal, params.id, pageRequestOf(query)),
            presentInvitation,
          ),
        ),
    }),
    bearer.delete('/api/workspaces/{id}/invitations/{invitation_id}', {
      operationId: 'revokeWorkspaceInvitation',
      summary: 'Revoke an open invitation (owners)',
      params: workspaceInvitationParams,
      errors: [403],
      responses: { 204: { description: 'Revoked: it can no longer be accepted.' } },
      handler: async (ctx, { principal, params }) => {
        await deps.revokeInvitation(principal, params.id, params.invitation_id);
        ctx.status = 204;
      },
    }),
    bearer.get('/api/invitations', {
      operationId: 'listReceivedInvitations',
      summary: "The caller's invitations",
      description:
        "Open invitations addressed to the caller's username or e-mail, oldest first. An API key gets 403 `api_key_not_allowed`.",
      query: pageQuery,
      errors: [403],
      responses: { 200: { description: 'One page of invitations.', schema: page(receivedInvitation) } },
      handler: async (ctx, { principal, query }) =>
        ok(
          ctx,
          presentPage(
            await deps.listReceivedInvitations(principal, pageRequestOf(query)),
            presentReceivedInvitation,
          ),
        ),
    }),
    bearer.post('/api/invitations/{id}/accept', {
      operationId: 'acceptInvitation',
      summary: 'Accept an invitation: join the workspace',
      description:
        'Only its invitee sees an invitation: for anyone else, and once closed or expired, it is 404. ' +
        'Already a member: 409. An API key gets 403 `api_key_not_allowed`.',
      params: idParams,
      errors: [403, 409],
      responses: { 200: { description: 'The workspace joined, with the role.', schema: workspace } },
      handler: async (ctx, { principal, params }) =>
        ok(ctx, presentWorkspace(await deps.acceptInvitation(principal, params.id))),
    }),
    bearer.post('/api/invitations/{id}/decline', {
      operationId: 'declineInvitation',
      summary: 'Decline an invitation',
      description: 'An API key gets 403 `api_key_not_allowed`.',
      params: idParams,
      errors: [403],
      responses: { 204: { description: 'Declined.' } },
      handler: async (ctx, { principal, params }) => {
        await deps.declineInvitation(principal, params.id);
        ctx.status = 204;
      },
    }),
  ];
}
