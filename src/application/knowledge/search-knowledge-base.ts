import type { Principal } from '../../domain/kernel/principal.ts';
import type { SearchHit } from '../../domain/knowledge/search-hit.ts';
import { accessibleKnowledgeBase, type KnowledgeAccessDeps } from './accessible-knowledge-base.ts';
import { type SearchDeps, type SearchRequest, searchChunks } from './search-chunks.ts';

export type SearchKnowledgeBase = (
  principal: Principal,
  knowledgeBaseId: string,
  request: SearchRequest,
) => Promise<SearchHit[]>;

/** Any member searches a knowledge base (409 `embedding_not_configured` for meaning without a model). */
export function makeSearchKnowledgeBase(deps: KnowledgeAccessDeps & SearchDeps): SearchKnowledgeBase {
  return async (principal, knowledgeBaseId, request) =>
    searchChunks(deps, await accessibleKnowledgeBase(deps, principal, knowledgeBaseId, 'member'), request);
}
