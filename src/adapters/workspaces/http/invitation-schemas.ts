import { timestamp, uuid } from '../../platform/http/common-schemas.ts';
import type { JsonSchema } from '../../platform/http/route.ts';
import { LINE, role } from './workspace-schemas.ts';

export const inviteRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['username_or_email', 'role'],
  properties: {
    username_or_email: {
      type: 'string',
      minLength: 1,
      maxLength: 320,
      pattern: LINE,
      description: 'Who is invited: a username or an e-mail, with or without an account yet.',
    },
    role,
  },
};

const expiresAt: JsonSchema = {
  ...timestamp,
  description: 'After this the invitation can no longer be accepted.',
};

/** An invitation as the workspace's owners see it. */
export const invitation: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'workspace_id', 'invitee', 'role', 'status', 'invited_by', 'created_at', 'expires_at'],
  properties: {
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
  },
};

/** An invitation as its invitee sees it. */
export const receivedInvitation: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'workspace', 'role', 'invited_by_name', 'created_at', 'expires_at'],
  properties: {
    id: uuid,
    workspace: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'name'],
      properties: { id: uuid, name: { type: 'string', maxLength: 200, pattern: LINE } },
    },
    role,
    invited_by_name: { type: 'string', maxLength: 200, pattern: LINE },
    created_at: timestamp,
    expires_at: expiresAt,
  },
};

export const workspaceInvitationParams: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'invitation_id'],
  properties: {
    id: { ...uuid, description: 'Workspace id.' },
    invitation_id: { ...uuid, description: 'Invitation id.' },
  },
};
