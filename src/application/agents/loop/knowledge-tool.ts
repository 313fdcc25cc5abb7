import { DomainError } from '../../../domain/kernel/errors.ts';
import type { KnowledgeSearch } from '../ports/knowledge-search.ts';
import type { ToolResult } from './run-tool.ts';

const DEFAULT_LIMIT = 5;
const MAX_LIMIT = 20;

/** A `knowledge` tool call: its knowledge base searched with the model's `query`; `{items}` as the API shows them. */
export async function searchKnowledge(
  search: KnowledgeSearch,
  workspaceId: string,
  knowledgeBaseId: string,
  input: Record<string, unknown>,
): Promise<ToolResult> {
  if (typeof input.query !== 'string' || input.query.trim() === '') {
    return failed('invalid_arguments', 'query must be a non-empty string');
  }
  const asked = Number.isInteger(input.limit) ? (input.limit as number) : DEFAULT_LIMIT;
  const limit = Math.min(Math.max(asked, 1), MAX_LIMIT);
  try {
    const passages = await search.search(workspaceId, knowledgeBaseId, input.query, limit);
    if (!passages)
      return failed('knowledge_base_not_found', 'the knowledge base of this tool no longer exists');
    const items = passages.map((p) => ({
      document_id: p.documentId,
      title: p.title,
      chunk_index: p.chunkIndex,
      text: p.text,
      score: p.score,
      metadata: p.metadata,
    }));
    return { output: { items } };
  } catch (error) {
    if (error instanceof DomainError) return failed(error.code, error.message);
    throw error;
  }
}

function failed(code: string, message: string): ToolResult {
  return { error: { code, message: message.slice(0, 4000) } };
}
