import type { IndexedChunk } from '../../../domain/knowledge/chunk.ts';
import { KnowledgeBase } from '../../../domain/knowledge/knowledge-base.ts';
import { type DocumentMetadata, KnowledgeDocument } from '../../../domain/knowledge/knowledge-document.ts';
import { inMemoryTables } from '../../platform/memory/in-memory-tables.ts';
import { workspaceTables } from '../../workspaces/index.ts';

/** A chunk as stored: with its document's knowledge base, title and metadata, as PostgreSQL keeps it. */
export interface StoredChunk extends IndexedChunk {
  readonly documentId: string;
  readonly knowledgeBaseId: string;
  readonly title: string;
  readonly metadata: DocumentMetadata;
}

/** The knowledge area's in-memory tables: documents go with their knowledge base, chunks with their document. */
export const knowledgeTables = inMemoryTables((store) => {
  const knowledgeBases = store.byId((b: KnowledgeBase) => new KnowledgeBase(b));
  knowledgeBases.cascadeFrom(workspaceTables(store).workspaces, (b) => b.workspaceId);
  const documents = store.byId((d: KnowledgeDocument) => new KnowledgeDocument(d));
  documents.cascadeFrom(knowledgeBases, (d) => d.knowledgeBaseId);
  const chunks = store.table(
    (c: StoredChunk) => `${c.documentId}:${c.index}`,
    (c: StoredChunk) => c,
  );
  chunks.cascadeFrom(documents, (c) => c.documentId);
  return { knowledgeBases, documents, chunks };
});
