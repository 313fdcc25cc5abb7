import type { Page, PagePosition, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { JsonSchema } from './route.ts';
import { ValidationFailed } from './validation.ts';

/** `?limit=` (default 50, max 200) and `?cursor=` (CONTRACT section 1), to spread into a query schema. */
export const pageQueryProperties: Record<string, JsonSchema> = {
  limit: {
    type: 'integer',
    format: 'int32',
    minimum: 1,
    maximum: 200,
    default: 50,
    description: 'Items per page (1-200, default 50).',
  },
  cursor: {
    type: 'string',
    minLength: 1,
    maxLength: 200,
    pattern: '^[A-Za-z0-9_-]+$',
    description: 'The `next_cursor` of the previous page.',
  },
};

/** A query of only the page parameters. */
export const pageQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: pageQueryProperties,
};

/** The query of a filtered list: its filters (`required` names those it cannot do without), then the page's. */
export function listQuery(filters: Record<string, JsonSchema>, required?: readonly string[]): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    ...(required && { required: [...required] }),
    properties: { ...filters, ...pageQueryProperties },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** 9999-12-31T23:59:59.999Z: past it, a date is no position in a list (and PostgreSQL refuses its ISO form). */
const LAST_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** An opaque cursor: base64url of `<epoch ms>.<uuid>`, the position of the previous page's last item. */
export function encodeCursor(position: PagePosition | null): string | null {
  if (!position) return null;
  return Buffer.from(`${position.createdAt.getTime()}.${position.id}`).toString('base64url');
}

/** The page a validated query asks for; a cursor this server did not make is a 400. */
export function pageRequestOf(query: Record<string, unknown>): PageRequest {
  const limit = query.limit as number;
  const cursor = query.cursor as string | undefined;
  if (cursor === undefined) return { limit };
  const [ms, id] = Buffer.from(cursor, 'base64url').toString('latin1').split('.');
  if (!ms || !/^\d{1,15}$/.test(ms) || Number(ms) > LAST_MS || !id || !UUID.test(id)) {
    throw new ValidationFailed([{ path: '/query/cursor', message: 'is not a cursor of this list' }]);
  }
  return { limit, after: { createdAt: new Date(Number(ms)), id } };
}

/** `{items, next_cursor}` */
export function presentPage<T>(page: Page<T>, present: (item: T) => unknown) {
  return { items: page.items.map(present), next_cursor: encodeCursor(page.next) };
}

/** What the items of a budgeted page may weigh as JSON (see {@link presentPageWithin}). */
export const PAGE_BUDGET_BYTES = 1024 * 1024;

/**
 * `{items, next_cursor}` whose items stay within `PAGE_BUDGET_BYTES` of JSON: the page ends before the item
 * that would take it past the budget (the first item always counts), and `next_cursor` continues after the
 * last item shown, so however big the items a client still reads every one, a page at a time.
 */
export function presentPageWithin<T>(
  page: Page<T>,
  present: (item: T) => unknown,
  positionOf: (item: T) => PagePosition,
) {
  const items: unknown[] = [];
  let bytes = 0;
  for (const [index, item] of page.items.entries()) {
    const shown = present(item);
    bytes += Buffer.byteLength(JSON.stringify(shown));
    if (index > 0 && bytes > PAGE_BUDGET_BYTES) {
      return { items, next_cursor: encodeCursor(positionOf(page.items[index - 1] as T)) };
    }
    items.push(shown);
  }
  return { items, next_cursor: encodeCursor(page.next) };
}
