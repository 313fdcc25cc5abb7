import { unitLength } from '../../domain/knowledge/chunk.ts';
import type { KnowledgeBase } from '../../domain/knowledge/knowledge-base.ts';
import type { DocumentMetadata } from '../../domain/knowledge/knowledge-document.ts';
import { EmbeddingNotConfigured } from '../../domain/knowledge/knowledge-errors.ts';
import { fuseByReciprocalRank, type SearchHit, type SearchMode } from '../../domain/knowledge/search-hit.ts';
import type { ModelProviders, ProviderAccountRepository } from '../models/index.ts';
import type { ChunkSearch } from './ports/chunk-search.ts';

export interface SearchRequest {
  readonly query: string;
  readonly limit?: number | undefined;
  /** Default: `hybrid` when the knowledge base has an embedding model, else `keyword`. */
  readonly mode?: SearchMode | undefined;
  readonly filter?: DocumentMetadata | undefined;
}

export interface SearchDeps {
  readonly chunkSearch: ChunkSearch;
  readonly providerAccounts: ProviderAccountRepository;
  readonly modelProviders: ModelProviders;
}

export const DEFAULT_SEARCH_LIMIT = 5;
/** How many hits of each list hybrid search fuses, for `limit` answered. */
const candidatesFor = (limit: number) => Math.max(limit * 4, 20);

/** Searches one knowledge base in the request's mode (hybrid: keyword and semantic fused by reciprocal rank). */
export async function searchChunks(
  deps: SearchDeps,
  base: KnowledgeBase,
  request: SearchRequest,
): Promise<SearchHit[]> {
  const limit = request.limit ?? DEFAULT_SEARCH_LIMIT;
  const filter = request.filter ?? {};
  const mode = request.mode ?? (base.embedding ? 'hybrid' : 'keyword');
  if (mode === 'keyword') return deps.chunkSearch.keyword(base, request.query, { limit, filter });
  const vector = await queryVector(deps, base, request.query);
  if (mode === 'semantic') return deps.chunkSearch.semantic(base, vector, { limit, filter });
  const candidates = { limit: candidatesFor(limit), filter };
  const [keyword, semantic] = await Promise.all([
    deps.chunkSearch.keyword(base, request.query, candidates),
    deps.chunkSearch.semantic(base, vector, candidates),
  ]);
  return fuseByReciprocalRank([keyword, semantic], limit);
}

async function queryVector(deps: SearchDeps, base: KnowledgeBase, query: string): Promise<number[]> {
  if (!base.embedding) throw new EmbeddingNotConfigured();
  const account = await deps.providerAccounts.findById(base.embedding.providerId);
  const embed = account && deps.modelProviders(account).embed;
  if (!embed) throw new EmbeddingNotConfigured("the knowledge base's embedding provider no longer exists");
  const { vectors } = await embed({ model: base.embedding.model, inputs: [query] });
  return unitLength(vectors[0] ?? []);
}
