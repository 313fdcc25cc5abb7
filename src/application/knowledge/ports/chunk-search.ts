import type { KnowledgeBase } from '../../../domain/knowledge/knowledge-base.ts';
import type { DocumentMetadata } from '../../../domain/knowledge/knowledge-document.ts';
import type { SearchHit } from '../../../domain/knowledge/search-hit.ts';

export interface ChunkQuery {
  readonly limit: number;
  /** Only chunks whose document's metadata holds every one of these pairs. */
  readonly filter: DocumentMetadata;
}

/**
 * Search over the chunks of one knowledge base (`VECTOR_INDEX` chooses how vectors are kept). Adapters answer
 * at most `limit` hits, best first, ties by (document id, chunk index).
 */
export interface ChunkSearch {
  /**
   * Full-text search with the knowledge base's language: the query read as a web search query (words all
   * required, `"quoted phrases"`, `or`, `-excluded`), ranked by cover density.
   */
  keyword(base: KnowledgeBase, query: string, options: ChunkQuery): Promise<SearchHit[]>;
  /** The chunks nearest `vector` (unit length) by cosine similarity, their score that similarity. */
  semantic(base: KnowledgeBase, vector: readonly number[], options: ChunkQuery): Promise<SearchHit[]>;
}
