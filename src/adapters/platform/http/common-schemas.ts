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

/** An object of exactly these properties, each always present: the shape of most answers and path parameters. */
export function closedObject(properties: Record<string, JsonSchema>): JsonSchema {
  return { type: 'object', additionalProperties: false, required: Object.keys(properties), properties };
}

/** A {@link closedObject} with more properties, each always present too. */
export function extendedObject(base: JsonSchema, properties: Record<string, JsonSchema>): JsonSchema {
  return closedObject({ ...(base.properties as Record<string, JsonSchema>), ...properties });
}

/** Path parameters, each a canonical UUID: `{ id: 'Workspace id.', key_id: 'API key id.' }`. */
export function uuidParams(descriptions: Record<string, string>): JsonSchema {
  return closedObject(
    Object.fromEntries(
      Object.entries(descriptions).map(([name, description]) => [name, { ...uuid, description }]),
    ),
  );
}

export const idParams: JsonSchema = uuidParams({ id: 'Resource id (UUID).' });

/** The `{link}` path parameter of a signed link (`<id>.<expiry>.<signature>`, see HmacLinkTokens). */
export function signedLinkParams(description: string): JsonSchema {
  return closedObject({
    link: { type: 'string', maxLength: 200, pattern: '^[0-9a-f.A-Za-z_-]+$', description },
  });
}

/** `{items, next_cursor}` around an item schema (CONTRACT section 1). */
export function page(item: JsonSchema, maxItems = 200): JsonSchema {
  return closedObject({
    items: { type: 'array', maxItems, items: item },
    next_cursor: {
      type: ['string', 'null'],
      maxLength: 200,
      description: 'Pass as `cursor` for the next page.',
    },
  });
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

/** One line of printable text: no control characters. */
export const LINE = '^[^\\u0000-\\u001f\\u007f]*$';
/** Free text: lines of printable text (tabs and line breaks allowed). */
export const TEXT = '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f]*$';

/** One line of printable text with at least one visible character. */
export const NAME = '^[^\\u0000-\\u001f\\u007f]*[^\\s\\u0000-\\u001f\\u007f][^\\u0000-\\u001f\\u007f]*$';
