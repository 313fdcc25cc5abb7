import { closedObject, LINE, timestamp, uuid, uuidParams } from '../../platform/http/common-schemas.ts';
import type { JsonSchema } from '../../platform/http/route.ts';
import { role } from './workspace-schemas.ts';

export const inviteRequest: JsonSchema = closedObject({
  username_or_email: {
    type: 'string',
    minLength: 1,
    maxLength: 320,
    pattern: LINE,
    description: 'Who is invited: a username or an e-mail, with or without an account yet.',
  },
  role,
});

const expiresAt: JsonSchema = {
  ...timestamp,
  description: 'After this the invitation can no longer be accepted.',
};

/** An invitation as the workspace's owners see it. */
export const invitation: JsonSchema = closedObject({
  id: uuid,
  workspace_id: uuid,
  invitee: {
    type: 'string',
    maxLength: 320,
    pattern: LINE,
    description: 'The username or e-mail invited, as typed (lower case): never whether it has an account.',
  },
  role,
  status: { type: 'string', enum: ['pending', 'accepted', 'declined', 'revoked'] },
  invited_by: { ...uuid, description: 'The user id of the owner who sent it.' },
  created_at: timestamp,
  expires_at: expiresAt,
});

/** An invitation as its invitee sees it. */
export const receivedInvitation: JsonSchema = closedObject({
  id: uuid,
  workspace: closedObject({ id: uuid, name: { type: 'string', maxLength: 200, pattern: LINE } }),
  role,
  invited_by_name: { type: 'string', maxLength: 200, pattern: LINE },
  created_at: timestamp,
  expires_at: expiresAt,
});

export const workspaceInvitationParams: JsonSchema = uuidParams({
  id: 'Workspace id.',
  invitation_id: 'Invitation id.',
});
