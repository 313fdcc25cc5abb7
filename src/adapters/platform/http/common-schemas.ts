import type { JsonSchema, ResponseSpec } from './route.ts';

type ResponseHeaders = NonNullable<ResponseSpec['headers']>;

/**
 * Ids in their canonical lower-case form only: PostgreSQL's uuid type would match an upper-case spelling where
 * the in-memory adapters (and any string comparison) would not, and answers would echo it back unchanged.
 */
export const uuid: JsonSchema = {
  type: 'string',
  format: 'uuid',
  pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
  maxLength: 36,
};
export const timestamp: JsonSchema = { type: 'string', format: 'date-time', maxLength: 40 };

export const idParams: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { ...uuid, description: 'Resource id (UUID).' } },
};

/** `{items, next_cursor}` around an item schema (CONTRACT section 1). */
export function page(item: JsonSchema, maxItems = 200): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['items', 'next_cursor'],
    properties: {
      items: { type: 'array', maxItems, items: item },
      next_cursor: {
        type: ['string', 'null'],
        maxLength: 200,
        description: 'Pass as `cursor` for the next page.',
      },
    },
  };
}

/** The `Location` header of an answer that names a resource's address, `/api/<collection>/{id}`. */
export function locationHeader(noun: string, collection: string): ResponseHeaders {
  return {
    Location: {
      description: `The ${noun}: /api/${collection}/{id}.`,
      schema: { type: 'string', maxLength: 100, pattern: `^/api/${collection}/[0-9a-f-]{36}$` },
    },
  };
}
