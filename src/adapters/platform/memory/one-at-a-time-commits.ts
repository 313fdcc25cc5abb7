import type { GroupCommits } from '../../../application/kernel/ports/group-commits.ts';

/** The in-memory store has no commit to share: each item is its own batch. */
export class OneAtATimeCommits implements GroupCommits {
  group<I, O>(commit: (items: readonly I[]) => Promise<O[]>): (item: I) => Promise<O> {
    return async (item) => (await commit([item]))[0] as O;
  }
}
