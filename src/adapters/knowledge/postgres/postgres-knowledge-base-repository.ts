import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { KnowledgeBaseRepository } from '../../../application/knowledge/ports/knowledge-base-repository.ts';
import { KnowledgeBase, type TextSearchLanguage } from '../../../domain/knowledge/knowledge-base.ts';
import { toPage } from '../../platform/postgres/keyset.ts';
import { PostgresRepository } from '../../platform/postgres/postgres-repository.ts';

const COLUMNS =
  'id, workspace_id, name, language::text as language, embedding_provider_id, embedding_model, created_at';

type BaseRow = Record<string, unknown>;

function toBase(row: BaseRow): KnowledgeBase {
  const providerId = row.embedding_provider_id as string | null;
  const model = row.embedding_model as string | null;
  return new KnowledgeBase({
    id: row.id as string,
    workspaceId: row.workspace_id as string,
    name: row.name as string,
    language: row.language as TextSearchLanguage,
    embedding: providerId && model ? { providerId, model } : null,
    createdAt: new Date(row.created_at as string),
  });
}

/** Knowledge bases in `knowledge_bases`; deleting one cascades to its documents and chunks. */
export class PostgresKnowledgeBaseRepository extends PostgresRepository implements KnowledgeBaseRepository {
  async add(base: KnowledgeBase): Promise<void> {
    await this.db.query(
      `insert into knowledge_bases (id, workspace_id, name, language, embedding_provider_id, embedding_model, created_at)
       values ($1, $2, $3, $4::regconfig, $5, $6, $7)`,
      [
        base.id,
        base.workspaceId,
        base.name,
        base.language,
        base.embedding?.providerId ?? null,
        base.embedding?.model ?? null,
        base.createdAt,
      ],
    );
  }

  async findById(id: string): Promise<KnowledgeBase | undefined> {
    const [row] = await this.db.query<BaseRow>(`select ${COLUMNS} from knowledge_bases where id = $1`, [id]);
    return row && toBase(row);
  }

  async list(workspaceId: string, page: PageRequest): Promise<Page<KnowledgeBase>> {
    const after = page.after ? 'and (created_at, id) > ($3::timestamptz, $4::uuid)' : '';
    const rows = await this.db.query<BaseRow>(
      `select ${COLUMNS} from knowledge_bases where workspace_id = $1 ${after} order by created_at, id limit $2`,
      [workspaceId, page.limit + 1, ...(page.after ? [page.after.createdAt, page.after.id] : [])],
    );
    return toPage(rows.map(toBase), page.limit, (base) => base);
  }

  async delete(id: string): Promise<void> {
    await this.db.query('delete from knowledge_bases where id = $1', [id]);
  }
}
