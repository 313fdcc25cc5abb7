import type { KnowledgeSearch } from '../agents/index.ts';
import type { KnowledgeBaseRepository } from './ports/knowledge-base-repository.ts';
import { type SearchDeps, searchChunks } from './search-chunks.ts';

/** The agents area's `KnowledgeSearch`: a knowledge tool searches its knowledge base in the default mode. */
export function makeAgentKnowledgeSearch(
  deps: SearchDeps & { readonly knowledgeBases: KnowledgeBaseRepository },
): KnowledgeSearch {
  const inWorkspace = async (workspaceId: string, id: string) => {
    const base = await deps.knowledgeBases.findById(id);
    return base?.workspaceId === workspaceId ? base : undefined;
  };
  return {
    exists: async (workspaceId, id) => (await inWorkspace(workspaceId, id)) !== undefined,
    search: async (workspaceId, id, query, limit) => {
      const base = await inWorkspace(workspaceId, id);
      return base && searchChunks(deps, base, { query, limit });
    },
  };
}
