import {
  DEFAULT_BASE_URLS,
  MAX_API_KEY_LENGTH,
  MAX_BASE_URL_LENGTH,
  MAX_PROVIDER_NAME_LENGTH,
  PROVIDER_KINDS,
  type ProviderAccount,
} from '../../../domain/models/provider-account.ts';
import { closedObject, NAME, timestamp, uuid } from '../../platform/http/common-schemas.ts';
import type { JsonSchema } from '../../platform/http/route.ts';

// The model provider resource: its schemas and its presenter (which never shows the key).

const name: JsonSchema = { type: 'string', minLength: 1, maxLength: MAX_PROVIDER_NAME_LENGTH, pattern: NAME };
const kind: JsonSchema = {
  type: 'string',
  enum: [...PROVIDER_KINDS],
  description:
    '`openai`: the Chat Completions API at `{base_url}/chat/completions` and embeddings at `{base_url}/embeddings` ' +
    '(OpenAI, and what vLLM, Ollama, LM Studio and llama.cpp serve); `anthropic`: the Messages API at ' +
    '`{base_url}/v1/messages`.',
};
const baseUrl: JsonSchema = {
  type: ['string', 'null'],
  format: 'uri',
  minLength: 8,
  maxLength: MAX_BASE_URL_LENGTH,
  pattern: '^https?://',
  description:
    `Where the provider is reached; null or absent: the kind's default (\`${DEFAULT_BASE_URLS.openai}\`, ` +
    `\`${DEFAULT_BASE_URLS.anthropic}\`). Like outbound webhook targets, addresses resolving to loopback, ` +
    'private, link-local or metadata addresses are refused on every connection, unless the server sets ' +
    '`MODEL_PROVIDERS_ALLOW_PRIVATE=true` (a model on localhost or the local network).',
};
const apiKey: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: MAX_API_KEY_LENGTH,
  pattern: '^[!-~]+$',
  writeOnly: true,
  description: 'Sealed at rest; never answered again (only `api_key_hint`).',
};

export const modelProvider: JsonSchema = closedObject({
  id: uuid,
  workspace_id: uuid,
  name,
  kind,
  base_url: baseUrl,
  api_key_hint: {
    type: ['string', 'null'],
    maxLength: 4,
    description:
      "The key's last 4 characters (of a key shorter than 8, at most half of it). Null for a provider a workspace " +
      'import made (an export holds no key): its model calls fail with `provider_error` until `PATCH` sets `api_key`.',
  },
  created_at: timestamp,
  updated_at: timestamp,
});

export const createModelProviderRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'kind', 'api_key'],
  properties: { name, kind, base_url: baseUrl, api_key: apiKey },
};

export const updateModelProviderRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { name, base_url: baseUrl, api_key: { ...apiKey, description: 'Replaces the key.' } },
};

/** A model provider as the API shows it: the key only as its hint. */
export function presentModelProvider(a: ProviderAccount) {
  return {
    id: a.id,
    workspace_id: a.workspaceId,
    name: a.name,
    kind: a.kind,
    base_url: a.baseUrl,
    api_key_hint: a.apiKeyHint,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}
