import type { KnowledgeSearch } from '../agents/index.ts';
import type { KnowledgeBaseRepository } from './ports/knowledge-base-repository.ts';
import { type SearchDeps, searchChunks } from './search-chunks.ts';

/** The agents area's `KnowledgeSearch`: a knowledge tool searches its knowledge base in the default mode. */
export function makeAgentKnowledgeSearch(
  deps: SearchDeps & { readonly knowledgeBases: KnowledgeBaseRepository },
): KnowledgeSearch {
  return async (workspaceId, knowledgeBaseId, query, limit) => {
    const base = await deps.knowledgeBases.findById(knowledgeBaseId);
    if (base?.workspaceId !== workspaceId) return undefined;
    return searchChunks(deps, base, { query, limit });
  };
}
