/**
 * Keyset pagination: a list is ordered by (createdAt, id) and a page continues after the position of the
 * previous page's last item, so inserts and deletes never skip or repeat items.
 */
export interface PagePosition {
  readonly createdAt: Date;
  readonly id: string;
}

export interface PageRequest {
  /** 1 to 200. */
  readonly limit: number;
  /** Continue after this position (exclusive); the first page when absent. */
  readonly after?: PagePosition | undefined;
}

export interface Page<T> {
  readonly items: T[];
  /** The position of the last item when more items follow, else null. */
  readonly next: PagePosition | null;
}
