import type { JsonSchema } from './route.ts';

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
