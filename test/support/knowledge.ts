import { randomUUID } from 'node:crypto';
import type { DocumentRepository } from '../../src/application/knowledge/ports/document-repository.ts';
import type { KnowledgeBaseRepository } from '../../src/application/knowledge/ports/knowledge-base-repository.ts';
import { type IndexedChunk, unitLength } from '../../src/domain/knowledge/chunk.ts';
import { KnowledgeBase } from '../../src/domain/knowledge/knowledge-base.ts';
import { type DocumentMetadata, KnowledgeDocument } from '../../src/domain/knowledge/knowledge-document.ts';
import { hashedEmbedding } from './hashed-embedder.ts';

interface KnowledgeStores {
  readonly knowledgeBases: KnowledgeBaseRepository;
  readonly documents: DocumentRepository;
}

/** A knowledge base (english) stored through the port, with no embedding model (its rows need no provider). */
export async function seedKnowledgeBase(world: KnowledgeStores, workspaceId: string, createdAt: Date) {
  const base = KnowledgeBase.create(
    { id: randomUUID(), workspaceId, name: 'kb', embedding: null },
    createdAt,
  );
  await world.knowledgeBases.add(base);
  return base;
}

export function documentOf(
  base: KnowledgeBase,
  createdAt: Date,
  metadata: DocumentMetadata = {},
  title = 'doc',
) {
  return KnowledgeDocument.add(
    {
      id: randomUUID(),
      knowledgeBaseId: base.id,
      workspaceId: base.workspaceId,
      title,
      fileId: null,
      text: 'x',
      metadata,
    },
    createdAt,
  );
}

/** Chunks of `texts`, in order, embedded by the hashed embedder. */
export function chunksOf(...texts: string[]): IndexedChunk[] {
  let start = 0;
  return texts.map((text, index) => {
    const chunk = {
      index,
      start,
      end: start + text.length,
      text,
      embedding: unitLength(hashedEmbedding(text)),
    };
    start += text.length;
    return chunk;
  });
}

/** Stores a ready document with these chunks (taken and finished as an ingestion would). */
export async function seedReadyDocument(
  world: KnowledgeStores,
  base: KnowledgeBase,
  now: Date,
  chunks: IndexedChunk[],
  metadata: DocumentMetadata = {},
  title = 'doc',
): Promise<KnowledgeDocument> {
  const document = documentOf(base, now, metadata, title);
  document.take(now, new Date(now.getTime() + 60_000));
  await world.documents.add(document);
  document.ready(chunks.length, now);
  if (!(await world.documents.finish(document, chunks))) throw new Error('the document was not held');
  return document;
}
