/**
 * Group commit for short transactions many callers make at once (a run's completion, a heartbeat): `group`
 * turns a function that stores a batch of items in one transaction into a function for one item. Items
 * submitted while earlier batches commit go together in a later one; each caller is answered with its own
 * item's outcome only once its batch committed. When `commit` throws, the batch is rolled back and each of its
 * items is tried again alone, so an item that fails by itself fails only itself: `commit` must answer the
 * failures it expects (a domain refusal) as outcomes, keep every effect in its transaction, and be safe to run
 * again. Called inside a transaction, an item is stored in that transaction, alone.
 */
export interface GroupCommits {
  group<I, O>(commit: (items: readonly I[]) => Promise<O[]>): (item: I) => Promise<O>;
}
