import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { KnowledgeBaseRepository } from '../../../application/knowledge/ports/knowledge-base-repository.ts';
import type { KnowledgeBase } from '../../../domain/knowledge/knowledge-base.ts';
import { inMemoryRowRepository } from '../../platform/memory/in-memory-repository.ts';
import { knowledgeTables } from './knowledge-tables.ts';

/** Knowledge bases in the store; deleting one takes its documents and chunks with it. */
export class InMemoryKnowledgeBaseRepository
  extends inMemoryRowRepository(knowledgeTables, (tables) => tables.knowledgeBases)
  implements KnowledgeBaseRepository
{
  list(workspaceId: string, page: PageRequest): Promise<Page<KnowledgeBase>> {
    return this.pageWhere((b) => b.workspaceId === workspaceId, page, 'asc');
  }

  delete(id: string): Promise<void> {
    return this.atomically(({ knowledgeBases }) => {
      knowledgeBases.delete(id);
    });
  }
}
