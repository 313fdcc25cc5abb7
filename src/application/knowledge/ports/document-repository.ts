import type { IndexedChunk } from '../../../domain/knowledge/chunk.ts';
import type { KnowledgeDocument } from '../../../domain/knowledge/knowledge-document.ts';
import type { Page, PageRequest } from '../../kernel/ports/page.ts';

/** Documents of knowledge bases, and their chunks; ingestion is background work shared by every instance. */
export interface DocumentRepository {
  add(document: KnowledgeDocument): Promise<void>;
  findById(id: string): Promise<KnowledgeDocument | undefined>;
  /** The knowledge base's documents, ordered by (createdAt, id). */
  list(knowledgeBaseId: string, page: PageRequest): Promise<Page<KnowledgeDocument>>;
  /** Deletes the document and its chunks. */
  delete(id: string): Promise<void>;
  /**
   * Takes the oldest document `takeableAt(now)`: locks it, skipping documents other instances are taking at that
   * moment (two never take the same one, none waits for another), applies `take` and stores the result.
   */
  takeNext(now: Date, take: (document: KnowledgeDocument) => void): Promise<KnowledgeDocument | undefined>;
  /** Moves the lease of attempt `document.attempts` to `until`; false when that attempt no longer holds it. */
  renewLease(document: KnowledgeDocument, until: Date): Promise<boolean>;
  /**
   * Stores the end of attempt `document.attempts` (ready with `chunks`, or failed with none) in one step: the
   * document's chunks are exactly `chunks` afterwards. False (nothing stored) when that attempt no longer holds
   * the document, or the document was deleted meanwhile.
   */
  finish(document: KnowledgeDocument, chunks: readonly IndexedChunk[]): Promise<boolean>;
}
