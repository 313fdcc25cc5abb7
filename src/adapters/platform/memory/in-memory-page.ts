import type { Page, PagePosition, PageRequest } from '../../../application/kernel/ports/page.ts';

/** Orders like PostgreSQL's `(created_at, id)` row comparison: time first, then the UUID's text. */
export function comparePositions(a: PagePosition, b: PagePosition): number {
  const byTime = a.createdAt.getTime() - b.createdAt.getTime();
  if (byTime !== 0) return byTime;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** One keyset page of `items`, ascending or descending by `positionOf`. */
export function pageOf<T>(
  items: readonly T[],
  positionOf: (item: T) => PagePosition,
  { limit, after }: PageRequest,
  direction: 'asc' | 'desc',
): Page<T> {
  const sign = direction === 'asc' ? 1 : -1;
  const sorted = [...items].sort((a, b) => sign * comparePositions(positionOf(a), positionOf(b)));
  const rest = after ? sorted.filter((item) => sign * comparePositions(positionOf(item), after) > 0) : sorted;
  const pageItems = rest.slice(0, limit);
  const last = pageItems.at(-1);
  return { items: pageItems, next: rest.length > limit && last ? positionOf(last) : null };
}

/** One keyset page of rows that are their own positions (`createdAt`, `id`). */
export function pageOfRows<T extends PagePosition>(
  items: readonly T[],
  page: PageRequest,
  direction: 'asc' | 'desc',
) {
  return pageOf(items, (item) => item, page, direction);
}
