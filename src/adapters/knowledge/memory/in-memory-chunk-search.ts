import type { ChunkQuery, ChunkSearch } from '../../../application/knowledge/ports/chunk-search.ts';
import type { KnowledgeBase } from '../../../domain/knowledge/knowledge-base.ts';
import type { DocumentMetadata } from '../../../domain/knowledge/knowledge-document.ts';
import type { SearchHit } from '../../../domain/knowledge/search-hit.ts';
import { inMemoryRepository } from '../../platform/memory/in-memory-repository.ts';
import { keywordScore, parseKeywordQuery } from './in-memory-keywords.ts';
import { knowledgeTables, type StoredChunk } from './knowledge-tables.ts';

const holds = (metadata: DocumentMetadata, filter: DocumentMetadata) =>
  Object.entries(filter).every(([key, value]) => key in metadata && metadata[key] === value);

const dot = (a: readonly number[], b: readonly number[]) => a.reduce((sum, x, i) => sum + x * (b[i] ?? 0), 0);

function best(scored: { chunk: StoredChunk; score: number }[], limit: number): SearchHit[] {
  return scored
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.chunk.documentId.localeCompare(b.chunk.documentId) ||
        a.chunk.index - b.chunk.index,
    )
    .slice(0, limit)
    .map(({ chunk, score }) => ({
      documentId: chunk.documentId,
      title: chunk.title,
      chunkIndex: chunk.index,
      text: chunk.text,
      score,
      metadata: chunk.metadata,
    }));
}

/** Search over the store's chunks: every word of the query required (see in-memory-keywords), exact cosine. */
export class InMemoryChunkSearch extends inMemoryRepository(knowledgeTables) implements ChunkSearch {
  keyword(base: KnowledgeBase, query: string, { limit, filter }: ChunkQuery): Promise<SearchHit[]> {
    const parsed = parseKeywordQuery(query);
    return this.atomically(({ chunks }) => {
      const scored = this.#of(chunks.all(), base, filter)
        .map((chunk) => ({ chunk, score: keywordScore(parsed, chunk.text) }))
        .filter(({ score }) => score > 0);
      return best(scored, limit);
    });
  }

  semantic(
    base: KnowledgeBase,
    vector: readonly number[],
    { limit, filter }: ChunkQuery,
  ): Promise<SearchHit[]> {
    return this.atomically(({ chunks }) => {
      const scored = this.#of(chunks.all(), base, filter)
        .filter((chunk) => chunk.embedding !== null)
        .map((chunk) => ({ chunk, score: dot(chunk.embedding ?? [], vector) }));
      return best(scored, limit);
    });
  }

  #of(chunks: StoredChunk[], base: KnowledgeBase, filter: DocumentMetadata): StoredChunk[] {
    return chunks.filter((c) => c.knowledgeBaseId === base.id && holds(c.metadata, filter));
  }
}
