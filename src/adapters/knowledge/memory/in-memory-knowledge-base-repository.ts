import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { KnowledgeBaseRepository } from '../../../application/knowledge/ports/knowledge-base-repository.ts';
import { KnowledgeBase } from '../../../domain/knowledge/knowledge-base.ts';
import { modelTables } from '../../models/index.ts';
import { pageOfRows } from '../../platform/memory/in-memory-page.ts';
import { inMemoryRepository } from '../../platform/memory/in-memory-repository.ts';
import { knowledgeTables } from './knowledge-tables.ts';

/**
 * Knowledge bases in the store; deleting one takes its documents and chunks with it. A knowledge base whose
 * embedding provider was deleted reads without an embedding model, as PostgreSQL's `on delete set null` leaves it.
 */
export class InMemoryKnowledgeBaseRepository
  extends inMemoryRepository(knowledgeTables)
  implements KnowledgeBaseRepository
{
  add(base: KnowledgeBase): Promise<void> {
    return this.atomically(({ knowledgeBases }) => knowledgeBases.put(base));
  }

  findById(id: string): Promise<KnowledgeBase | undefined> {
    return this.atomically(({ knowledgeBases }) => {
      const base = knowledgeBases.get(id);
      return base && this.#withProvider(base);
    });
  }

  list(workspaceId: string, page: PageRequest): Promise<Page<KnowledgeBase>> {
    return this.atomically(({ knowledgeBases }) => {
      const found = pageOfRows(
        knowledgeBases.filter((b) => b.workspaceId === workspaceId),
        page,
        'asc',
      );
      return { ...found, items: found.items.map((base) => this.#withProvider(base)) };
    });
  }

  delete(id: string): Promise<void> {
    return this.atomically(({ knowledgeBases }) => {
      knowledgeBases.delete(id);
    });
  }

  #withProvider(base: KnowledgeBase): KnowledgeBase {
    const providerId = base.embedding?.providerId;
    if (providerId === undefined || modelTables(this.store).providerAccounts.get(providerId)) return base;
    return new KnowledgeBase({ ...base, embedding: null });
  }
}
