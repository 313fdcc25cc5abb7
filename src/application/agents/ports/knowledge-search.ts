/** One passage a knowledge tool found, best first. */
export interface KnowledgePassage {
  readonly documentId: string;
  readonly title: string;
  readonly chunkIndex: number;
  readonly text: string;
  readonly score: number;
  readonly metadata: Readonly<Record<string, unknown>>;
}

/**
 * What an agent's `knowledge` tool searches: the knowledge area answers it. Undefined when the workspace has
 * no such knowledge base (deleted since the agent was made); a search failure throws a DomainError.
 */
export type KnowledgeSearch = (
  workspaceId: string,
  knowledgeBaseId: string,
  query: string,
  limit: number,
) => Promise<readonly KnowledgePassage[] | undefined>;
