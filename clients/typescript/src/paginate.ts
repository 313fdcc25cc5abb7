/** One page of a list: `{items, next_cursor}` (CONTRACT section 1). */
export interface ListPage<T> {
  readonly items: readonly T[];
  readonly next_cursor: string | null;
}

/**
 * Every item of a list, page after page, fetched as the loop asks for them:
 * `for await (const run of paginate((cursor) => client.GET('/api/runs', { params: { query: { workspace_id, cursor } } })))`.
 * `page(cursor)` fetches the page after `cursor` (undefined for the first one).
 */
export async function* paginate<T>(
  page: (cursor: string | undefined) => Promise<{ data?: ListPage<T> }>,
): AsyncGenerator<T, void, undefined> {
  let cursor: string | undefined;
  do {
    const { data } = await page(cursor);
    if (!data) return;
    yield* data.items;
    cursor = data.next_cursor ?? undefined;
  } while (cursor !== undefined);
}
