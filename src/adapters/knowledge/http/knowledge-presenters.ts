import type { KnowledgeBase } from '../../../domain/knowledge/knowledge-base.ts';
import type { KnowledgeDocument } from '../../../domain/knowledge/knowledge-document.ts';
import type { SearchHit } from '../../../domain/knowledge/search-hit.ts';

export function presentKnowledgeBase(base: KnowledgeBase) {
  return {
    id: base.id,
    workspace_id: base.workspaceId,
    name: base.name,
    language: base.language,
    embedding: base.embedding && { provider_id: base.embedding.providerId, model: base.embedding.model },
    created_at: base.createdAt.toISOString(),
  };
}

export function presentDocument(d: KnowledgeDocument) {
  return {
    id: d.id,
    knowledge_base_id: d.knowledgeBaseId,
    title: d.title,
    file_id: d.fileId,
    metadata: d.metadata,
    status: d.status,
    chunks: d.chunks,
    error: d.error,
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
  };
}

export function presentSearch(hits: readonly SearchHit[]) {
  return {
    items: hits.map((hit) => ({
      document_id: hit.documentId,
      title: hit.title,
      chunk_index: hit.chunkIndex,
      text: hit.text,
      score: hit.score,
      metadata: hit.metadata,
    })),
  };
}
