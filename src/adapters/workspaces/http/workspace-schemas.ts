import { closedObject, LINE, NAME, timestamp, uuid, uuidParams } from '../../platform/http/common-schemas.ts';
import type { JsonSchema } from '../../platform/http/route.ts';

export const role: JsonSchema = {
  type: 'string',
  enum: ['owner', 'admin', 'member'],
  description:
    'owner: everything, including members; admin: missions, runs, workers and triggers; member: read.',
};

const workspaceName: JsonSchema = { type: 'string', minLength: 1, maxLength: 200, pattern: NAME };

export const workspace: JsonSchema = closedObject({
  id: uuid,
  name: { type: 'string', maxLength: 200, pattern: LINE },
  personal: {
    type: 'boolean',
    description: "The user's own workspace, made at sign-up; it cannot be deleted.",
  },
  role: { ...role, description: "The caller's role in this workspace." },
  created_at: timestamp,
});

export const createWorkspaceRequest: JsonSchema = closedObject({ name: workspaceName });

export const updateWorkspaceRequest = createWorkspaceRequest;

export const member: JsonSchema = closedObject({
  user_id: uuid,
  username: { type: 'string', maxLength: 64, pattern: '^[a-z0-9_.-]*$' },
  display_name: { type: 'string', maxLength: 200, pattern: LINE },
  role,
  joined_at: timestamp,
});

export const changeRoleRequest: JsonSchema = closedObject({ role });

export const memberParams: JsonSchema = uuidParams({ id: 'Workspace id.', user_id: 'User id.' });
