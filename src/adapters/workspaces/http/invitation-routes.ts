import type { ReceivedInvitation } from '../../../application/workspaces/ports/invitation-repository.ts';
import type { ThroughWorkspaces } from '../../../composition/workspaces.ts';
import type { Invitation } from '../../../domain/workspaces/invitation.ts';
import * as answer from '../../platform/http/answers.ts';
import { pageQuery } from '../../platform/http/pagination.ts';
import { onId, onIdWith } from '../../platform/http/request-input.ts';
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
import { workspace } from './workspace-schemas.ts';

/** Joining a workspace takes the invitee's consent: owners invite, the invitee accepts or declines. */
export function invitationRoutes(deps: ThroughWorkspaces): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.account);
  const shown: answer.View<Invitation> = { schema: invitation, present: presentInvitation };
  const received: answer.View<ReceivedInvitation> = {
    schema: receivedInvitation,
    present: presentReceivedInvitation,
  };
  return [
    bearer.post('/api/workspaces/{id}/invitations', {
      operationId: 'inviteWorkspaceMember',
      summary: 'Invite someone to a workspace (owners)',
      description:
        'Invites a username or e-mail with a role; it joins only when its holder accepts, within 7 days. The ' +
        'answer is the same whether or not an account has that name. Inviting the same name again replaces ' +
        'the pending invitation; at most 100 are open at once (409).',
      body: inviteRequest,
      errors: [403, 409],
      ...answer.created(shown, 'The pending invitation.', onIdWith(deps.inviteMember)),
    }),
    bearer.get('/api/workspaces/{id}/invitations', {
      operationId: 'listWorkspaceInvitations',
      summary: "A workspace's open invitations (owners)",
      description: 'Pending invitations not yet expired, oldest first.',
      query: pageQuery,
      errors: [403],
      ...answer.page(shown, 'One page of invitations.', ({ principal, params }, page) =>
        deps.listInvitations(principal, params.id, page),
      ),
    }),
    bearer.delete('/api/workspaces/{id}/invitations/{invitation_id}', {
      operationId: 'revokeWorkspaceInvitation',
      summary: 'Revoke an open invitation (owners)',
      params: workspaceInvitationParams,
      errors: [403],
      ...answer.nothing('Revoked: it can no longer be accepted.', ({ principal, params }) =>
        deps.revokeInvitation(principal, params.id, params.invitation_id),
      ),
    }),
    bearer.get('/api/invitations', {
      operationId: 'listReceivedInvitations',
      summary: "The caller's invitations",
      description:
        "Open invitations addressed to the caller's username, or to their e-mail once it is verified (`email_verified` in `GET /api/auth/me`), oldest first. An API key gets 403 `api_key_not_allowed`.",
      query: pageQuery,
      errors: [403],
      ...answer.page(received, 'One page of invitations.', ({ principal }, page) =>
        deps.listReceivedInvitations(principal, page),
      ),
    }),
    bearer.post('/api/invitations/{id}/accept', {
      operationId: 'acceptInvitation',
      summary: 'Accept an invitation: join the workspace',
      description:
        'Only its invitee sees an invitation: for anyone else, and once closed or expired, it is 404. ' +
        "An invitation to an e-mail is the verified holder's: an account with that address not verified yet gets " +
        '403 `email_not_verified` (verify it, then accept). Already a member: 409. An API key gets 403 ' +
        '`api_key_not_allowed`.',
      errors: [403, 409],
      ...answer.one(
        { schema: workspace, present: presentWorkspace },
        'The workspace joined, with the role.',
        onId(deps.acceptInvitation),
      ),
    }),
    bearer.post('/api/invitations/{id}/decline', {
      operationId: 'declineInvitation',
      summary: 'Decline an invitation',
      description:
        'As accepting: 404 for anyone but its invitee, 403 `email_not_verified` for an unverified holder of the ' +
        'invited address. An API key gets 403 `api_key_not_allowed`.',
      errors: [403],
      ...answer.nothing('Declined.', onId(deps.declineInvitation)),
    }),
  ];
}
