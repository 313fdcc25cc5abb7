import type { DocumentMetadata } from './knowledge-document.ts';

export type SearchMode = 'keyword' | 'semantic' | 'hybrid';

/** One chunk found, best first in its list: `score` is the mode's own (rank, cosine, or fused). */
export interface SearchHit {
  readonly documentId: string;
  readonly title: string;
  readonly chunkIndex: number;
  readonly text: string;
  readonly score: number;
  readonly metadata: DocumentMetadata;
}

/** The constant of reciprocal rank fusion (Cormack et al. 2009): dampens the weight of the very first ranks. */
export const RRF_K = 60;

/**
 * Reciprocal rank fusion: each chunk scores the sum of `1 / (RRF_K + rank)` over the lists it appears in (rank
 * from 1), best first; ties keep the order of the first list.
 */
export function fuseByReciprocalRank(lists: readonly (readonly SearchHit[])[], limit: number): SearchHit[] {
  const fused = new Map<string, { hit: SearchHit; score: number; order: number }>();
  let order = 0;
  for (const list of lists) {
    list.forEach((hit, rank) => {
      const key = `${hit.documentId}:${hit.chunkIndex}`;
      const entry = fused.get(key) ?? { hit, score: 0, order: order++ };
      entry.score += 1 / (RRF_K + rank + 1);
      fused.set(key, entry);
    });
  }
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map(({ hit, score }) => ({ ...hit, score }));
}
