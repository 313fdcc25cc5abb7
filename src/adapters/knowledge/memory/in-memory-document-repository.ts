import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { DocumentRepository } from '../../../application/knowledge/ports/document-repository.ts';
import type { IndexedChunk } from '../../../domain/knowledge/chunk.ts';
import type { KnowledgeDocument } from '../../../domain/knowledge/knowledge-document.ts';
import { comparePositions } from '../../platform/memory/in-memory-page.ts';
import { inMemoryRowRepository } from '../../platform/memory/in-memory-repository.ts';
import { knowledgeTables } from './knowledge-tables.ts';

/** Documents and their chunks in the store; taking, renewing and finishing are each one store step. */
export class InMemoryDocumentRepository
  extends inMemoryRowRepository(knowledgeTables, (tables) => tables.documents)
  implements DocumentRepository
{
  list(knowledgeBaseId: string, page: PageRequest): Promise<Page<KnowledgeDocument>> {
    return this.pageWhere((d) => d.knowledgeBaseId === knowledgeBaseId, page, 'asc');
  }

  delete(id: string): Promise<void> {
    return this.atomically(({ documents }) => {
      documents.delete(id);
    });
  }

  takeNext(now: Date, take: (d: KnowledgeDocument) => void): Promise<KnowledgeDocument | undefined> {
    return this.atomically(({ documents }) => {
      const [document] = documents.filter((d) => d.takeableAt(now)).sort(comparePositions);
      if (!document) return undefined;
      take(document);
      documents.put(document);
      return document;
    });
  }

  renewLease(d: KnowledgeDocument, until: Date): Promise<boolean> {
    return this.atomically(({ documents }) => {
      if (!this.#heldBy(documents.get(d.id), d)) return false;
      documents.update(d.id, (stored) => {
        stored.leaseExpiresAt = until;
      });
      return true;
    });
  }

  finish(d: KnowledgeDocument, chunks: readonly IndexedChunk[]): Promise<boolean> {
    return this.atomically(({ documents, chunks: stored }) => {
      if (!this.#heldBy(documents.get(d.id), d)) return false;
      documents.put(d);
      stored.deleteWhere((c) => c.documentId === d.id);
      const of = {
        documentId: d.id,
        knowledgeBaseId: d.knowledgeBaseId,
        title: d.title,
        metadata: d.metadata,
      };
      for (const chunk of chunks) stored.put({ ...chunk, ...of });
      return true;
    });
  }

  #heldBy(stored: KnowledgeDocument | undefined, d: KnowledgeDocument): boolean {
    return stored?.status === 'processing' && stored.attempts === d.attempts;
  }
}
