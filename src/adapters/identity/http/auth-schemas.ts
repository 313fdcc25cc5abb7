import { MAX_API_KEY_NAME_LENGTH } from '../../../domain/kernel/principal.ts';
import { API_KEY_ROLES } from '../../../domain/kernel/roles.ts';
import { closedObject, LINE, timestamp, uuid } from '../../platform/http/common-schemas.ts';
import type { JsonSchema } from '../../platform/http/route.ts';

export const loginRequest: JsonSchema = closedObject({
  username_or_email: {
    type: 'string',
    minLength: 1,
    maxLength: 320,
    description: 'A username or an e-mail.',
  },
  password: { type: 'string', minLength: 1, maxLength: 1024, writeOnly: true },
});

export const refreshRequest: JsonSchema = closedObject({
  refresh_token: { type: 'string', minLength: 1, maxLength: 512, writeOnly: true },
});

export const tokenResponse: JsonSchema = closedObject({
  access_token: {
    type: 'string',
    maxLength: 4096,
    description: 'JWT (typ at+jwt); send as a bearer token.',
  },
  token_type: { type: 'string', enum: ['Bearer'] },
  expires_in: { type: 'integer', format: 'int32', minimum: 0, maximum: 900, description: 'Always 900 s.' },
  refresh_token: {
    type: 'string',
    maxLength: 512,
    pattern: '^rt_[0-9a-f]{32}[0-9a-z]+\\.[A-Za-z0-9_-]{43}$',
    description: 'Opaque; rotates on every refresh. Presenting a rotated one revokes the login session.',
  },
  refresh_expires_in: { type: 'integer', format: 'int32', minimum: 0, maximum: 31536000 },
});

export const userSummary: JsonSchema = closedObject({
  id: uuid,
  username: { type: 'string', maxLength: 64, pattern: '^[a-z0-9_.-]{3,64}$' },
  email: { type: 'string', format: 'email', maxLength: 254 },
  display_name: { type: 'string', maxLength: 200 },
});

export const userResponse: JsonSchema = {
  ...userSummary,
  required: ['id', 'username', 'email', 'display_name', 'created_at'],
  properties: { ...(userSummary.properties as object), created_at: timestamp },
};

const userMe: JsonSchema = {
  ...userResponse,
  required: ['id', 'username', 'email', 'display_name', 'created_at', 'email_verified', 'workspaces'],
  properties: {
    ...(userResponse.properties as object),
    email_verified: {
      type: 'boolean',
      description: "The address in `email` was proven the user's by a verification link.",
    },
    workspaces: {
      type: 'array',
      maxItems: 1000,
      items: closedObject({
        id: uuid,
        name: { type: 'string', maxLength: 200 },
        role: { type: 'string', enum: ['owner', 'admin', 'member'] },
      }),
    },
  },
};

export const apiKeyRole: JsonSchema = {
  type: 'string',
  enum: [...API_KEY_ROLES],
  description: 'admin: missions, runs, workers and triggers of the workspace; member: read.',
};

/** `GET /api/auth/me` called with a key. */
export const apiKeyIdentity: JsonSchema = closedObject({
  api_key: closedObject({
    id: uuid,
    name: { type: 'string', maxLength: MAX_API_KEY_NAME_LENGTH, pattern: LINE },
    workspace_id: uuid,
    role: apiKeyRole,
  }),
});

/** A person's account and workspaces, or (called with an API key) the key. */
export const meResponse: JsonSchema = { oneOf: [userMe, apiKeyIdentity] };

export const sessionItem: JsonSchema = closedObject({
  id: uuid,
  created_at: timestamp,
  last_used_at: { ...timestamp, description: 'Login or last refresh.' },
  user_agent: { type: ['string', 'null'], maxLength: 512 },
  ip: {
    type: ['string', 'null'],
    maxLength: 64,
    pattern: '^[0-9A-Fa-f:.]+$',
    description: 'Client address at login.',
  },
  current: { type: 'boolean', description: 'The session of the access token making this request.' },
});

export const registerRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['username', 'email', 'password'],
  properties: {
    username: { type: 'string', minLength: 3, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' },
    email: { type: 'string', minLength: 3, maxLength: 254 },
    display_name: { type: 'string', minLength: 1, maxLength: 200 },
    password: { type: 'string', minLength: 8, maxLength: 1024, writeOnly: true },
  },
};

export const jwks: JsonSchema = {
  type: 'object',
  required: ['keys'],
  additionalProperties: false,
  properties: {
    keys: {
      type: 'array',
      maxItems: 20,
      items: { type: 'object', additionalProperties: { type: 'string', maxLength: 2000 } },
    },
  },
};

export const revokedCount: JsonSchema = closedObject({
  revoked: { type: 'integer', format: 'int32', minimum: 0, maximum: 100000 },
});

/** The browser web application's session, as `GET /api/auth/session` reports it. */
export const browserSession: JsonSchema = closedObject({
  user: userSummary,
  expires_at: {
    ...timestamp,
    description: 'When the browser session ends unless used again (idle end, capped by its absolute end).',
  },
});

/** A single-use token from an e-mailed link (256 random bits, base64url). */
const emailedToken = {
  type: 'string',
  minLength: 1,
  maxLength: 128,
  pattern: '^[A-Za-z0-9_-]+$',
  writeOnly: true,
  description: 'The token from the e-mailed link (single use).',
} as const;

export const verifyEmailRequest: JsonSchema = closedObject({ token: emailedToken });

export const passwordResetRequest: JsonSchema = closedObject({
  email: { type: 'string', minLength: 3, maxLength: 254, description: 'The address of the account.' },
});

export const passwordResetConfirmRequest: JsonSchema = closedObject({
  token: emailedToken,
  new_password: { type: 'string', minLength: 8, maxLength: 1024, writeOnly: true },
});
