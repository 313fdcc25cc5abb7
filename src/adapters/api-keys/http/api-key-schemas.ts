import { KEY_ID_LENGTH, SECRET_LENGTH } from '../../../domain/api-keys/api-key-format.ts';
import { MAX_API_KEY_NAME_LENGTH } from '../../../domain/kernel/principal.ts';
import { apiKeyRole } from '../../identity/index.ts';
import {
  closedObject,
  extendedObject,
  LINE,
  NAME,
  timestamp,
  uuid,
  uuidParams,
} from '../../platform/http/common-schemas.ts';
import type { JsonSchema } from '../../platform/http/route.ts';

const B64 = '[A-Za-z0-9_-]';

export const apiKey: JsonSchema = closedObject({
  id: uuid,
  name: { type: 'string', maxLength: MAX_API_KEY_NAME_LENGTH, pattern: LINE },
  role: apiKeyRole,
  prefix: {
    type: 'string',
    maxLength: 3 + KEY_ID_LENGTH,
    pattern: `^pk_${B64}{${KEY_ID_LENGTH}}$`,
    description: 'The public start of the key (`pk_` and its key id), to recognise it; never the secret.',
  },
  created_by: {
    type: ['string', 'null'],
    format: 'uuid',
    maxLength: 36,
    description: 'The user who created it; null when made with the CLI.',
  },
  created_at: timestamp,
  last_used_at: {
    type: ['string', 'null'],
    format: 'date-time',
    maxLength: 40,
    description: 'Last request made with it, to the minute; null before the first.',
  },
  expires_at: {
    type: ['string', 'null'],
    format: 'date-time',
    maxLength: 40,
    description: 'From then on it answers 401; null for a key that does not expire.',
  },
});

export const createApiKeyRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'role'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: MAX_API_KEY_NAME_LENGTH, pattern: NAME },
    role: apiKeyRole,
    expires_at: { ...timestamp, description: 'Any future time; without it the key lasts until revoked.' },
  },
};

export const createdApiKey: JsonSchema = extendedObject(apiKey, {
  key: {
    type: 'string',
    maxLength: 3 + KEY_ID_LENGTH + 1 + SECRET_LENGTH,
    pattern: `^pk_${B64}{${KEY_ID_LENGTH}}_${B64}{${SECRET_LENGTH}}$`,
    description:
      'The key, shown only in this answer: send it as `Authorization: Bearer pk_...`. Only a hash is kept.',
  },
});

export const apiKeyParams: JsonSchema = uuidParams({
  id: 'Workspace id.',
  key_id: 'The API key id (its `id`, not its prefix).',
});
