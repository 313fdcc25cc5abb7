/** One passage a knowledge tool found, best first. */
export interface KnowledgePassage {
  readonly documentId: string;
  readonly title: string;
  readonly chunkIndex: number;
  readonly text: string;
  readonly score: number;
  readonly metadata: Readonly<Record<string, unknown>>;
}

/** What an agent's `knowledge` tool names and searches: the knowledge area answers it. */
export interface KnowledgeSearch {
  /** Whether the workspace has this knowledge base (an agent's tool may name only its own workspace's). */
  exists(workspaceId: string, knowledgeBaseId: string): Promise<boolean>;
  /**
   * The passages best matching `query` (hybrid when the knowledge base has an embedding model, else keyword);
   * undefined when the workspace has no such knowledge base (deleted since). A failure throws a DomainError.
   */
  search(
    workspaceId: string,
    knowledgeBaseId: string,
    query: string,
    limit: number,
  ): Promise<readonly KnowledgePassage[] | undefined>;
}
