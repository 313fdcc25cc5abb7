import type { Page, PagePosition, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { SqlParameters } from './sql-parameters.ts';

/**
 * The keyset condition of a page: rows strictly after `page.after` in the `(createdAt, id)` order given by
 * `columns` (for example `w.created_at, w.id`), its values bound in `params`. Empty for the first page.
 */
export function afterPosition(
  columns: string,
  page: PageRequest,
  direction: 'asc' | 'desc',
  params: SqlParameters,
): string {
  if (!page.after) return '';
  const { createdAt, id } = page.after;
  return ` and (${columns}) ${direction === 'asc' ? '>' : '<'} (${params.add(createdAt)}::timestamptz, ${params.add(id)}::uuid)`;
}

/** Trims the one extra row a page query fetches (`limit + 1`) and names the next position. */
export function toPage<T>(rows: T[], limit: number, positionOf: (item: T) => PagePosition): Page<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, next: rows.length > limit && last ? positionOf(last) : null };
}
