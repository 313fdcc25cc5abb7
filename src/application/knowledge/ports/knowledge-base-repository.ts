import type { KnowledgeBase } from '../../../domain/knowledge/knowledge-base.ts';
import type { Page, PageRequest } from '../../kernel/ports/page.ts';

/** A workspace's knowledge bases. */
export interface KnowledgeBaseRepository {
  add(base: KnowledgeBase): Promise<void>;
  findById(id: string): Promise<KnowledgeBase | undefined>;
  /** The workspace's knowledge bases, ordered by (createdAt, id). */
  list(workspaceId: string, page: PageRequest): Promise<Page<KnowledgeBase>>;
  /** Deletes the knowledge base with its documents and their chunks. */
  delete(id: string): Promise<void>;
}
