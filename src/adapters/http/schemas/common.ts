import type { JsonSchema } from '../route.ts';

export const uuid: JsonSchema = { type: 'string', format: 'uuid', maxLength: 36 };
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
