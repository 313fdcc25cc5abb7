import { DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT } from '../../../application/memory/search-memory.ts';
import {
  MAX_KEY_LENGTH,
  MAX_NAMESPACE_LABELS,
  MAX_TTL_SECONDS,
  NAMESPACE_LABEL,
} from '../../../domain/memory/memory-item.ts';
import { closedObject, timestamp, uuid } from '../../platform/http/common-schemas.ts';
import type { JsonSchema } from '../../platform/http/route.ts';

const label: JsonSchema = { type: 'string', pattern: NAMESPACE_LABEL.source, maxLength: 64 };
const namespace: JsonSchema = {
  type: 'array',
  minItems: 1,
  maxItems: MAX_NAMESPACE_LABELS,
  items: label,
  description: `1 to ${MAX_NAMESPACE_LABELS} labels, outermost first: \`["users", "42", "preferences"]\`.`,
};
const key: JsonSchema = { type: 'string', minLength: 1, maxLength: MAX_KEY_LENGTH };
const value: JsonSchema = {
  type: 'object',
  description: 'Any JSON object of at most 64 KiB (compact JSON).',
};

export const memoryItem: JsonSchema = closedObject({
  namespace,
  key,
  value,
  created_at: timestamp,
  updated_at: timestamp,
  expires_at: { ...timestamp, type: ['string', 'null'], description: 'Gone after this time; null: never.' },
});

export const putMemoryItemRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['workspace_id', 'namespace', 'key', 'value'],
  properties: {
    workspace_id: uuid,
    namespace,
    key,
    value,
    ttl_seconds: {
      type: 'integer',
      format: 'int32',
      minimum: 1,
      maximum: MAX_TTL_SECONDS,
      description:
        'The item expires this long after this write; without it, never (a new write replaces it).',
    },
  },
};

export const memoryItemQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['workspace_id', 'namespace', 'key'],
  properties: {
    workspace_id: uuid,
    namespace: {
      type: 'string',
      minLength: 1,
      maxLength: MAX_NAMESPACE_LABELS * 65,
      pattern: `^[A-Za-z0-9_-]{1,64}(\\.[A-Za-z0-9_-]{1,64}){0,${MAX_NAMESPACE_LABELS - 1}}$`,
      description: 'The labels joined by dots: `users.42.preferences`.',
    },
    key,
  },
};

export const searchMemoryRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['workspace_id', 'namespace_prefix'],
  properties: {
    workspace_id: uuid,
    namespace_prefix: { ...namespace, description: 'Items whose namespace starts with these labels.' },
    query: {
      type: 'string',
      maxLength: 1000,
      description:
        'Full-text search over the value\'s strings (web search syntax: words, `"a phrase"`, `or`, `-word`); ' +
        'only matching items, best first.',
    },
    filter: {
      type: 'object',
      description: 'Only items whose value contains this object (JSONB containment: `{"topic": "food"}`).',
    },
    limit: {
      type: 'integer',
      format: 'int32',
      minimum: 1,
      maximum: MAX_SEARCH_LIMIT,
      default: DEFAULT_SEARCH_LIMIT,
    },
  },
};

export const memorySearchResult: JsonSchema = closedObject({
  items: { type: 'array', maxItems: MAX_SEARCH_LIMIT, items: memoryItem },
});
