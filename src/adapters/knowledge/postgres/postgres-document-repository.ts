import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { DocumentRepository } from '../../../application/knowledge/ports/document-repository.ts';
import type { IndexedChunk } from '../../../domain/knowledge/chunk.ts';
import { KnowledgeDocument } from '../../../domain/knowledge/knowledge-document.ts';
import { toPage } from '../../platform/postgres/keyset.ts';
import { PostgresRepository } from '../../platform/postgres/postgres-repository.ts';
import { insertChunks } from './insert-chunks.ts';

const COLUMNS = `id, knowledge_base_id, workspace_id, title, file_id, source_text, metadata, status, chunk_count, error,
  attempts, lease_expires_at, created_at, updated_at`;

type DocumentRow = Record<string, unknown>;

function toDocument(row: DocumentRow): KnowledgeDocument {
  return new KnowledgeDocument({
    id: row.id as string,
    knowledgeBaseId: row.knowledge_base_id as string,
    workspaceId: row.workspace_id as string,
    title: row.title as string,
    fileId: (row.file_id as string | null) ?? null,
    text: (row.source_text as string | null) ?? null,
    metadata: row.metadata as KnowledgeDocument['metadata'],
    status: row.status as KnowledgeDocument['status'],
    chunks: (row.chunk_count as number | null) ?? null,
    error: (row.error as string | null) ?? null,
    attempts: row.attempts as number,
    leaseExpiresAt: row.lease_expires_at === null ? null : new Date(row.lease_expires_at as string),
    createdAt: new Date(row.created_at as string),
    updatedAt: new Date(row.updated_at as string),
  });
}

/** Documents in `knowledge_documents`, their chunks in `knowledge_chunks`; taken with `for update skip locked`. */
export class PostgresDocumentRepository extends PostgresRepository implements DocumentRepository {
  async add(d: KnowledgeDocument): Promise<void> {
    await this.db.query(
      `insert into knowledge_documents (${COLUMNS})
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [
        d.id,
        d.knowledgeBaseId,
        d.workspaceId,
        d.title,
        d.fileId,
        d.text,
        JSON.stringify(d.metadata),
        d.status,
        d.chunks,
        d.error,
        d.attempts,
        d.leaseExpiresAt,
        d.createdAt,
        d.updatedAt,
      ],
    );
  }

  async findById(id: string): Promise<KnowledgeDocument | undefined> {
    const [row] = await this.db.query<DocumentRow>(
      `select ${COLUMNS} from knowledge_documents where id = $1`,
      [id],
    );
    return row && toDocument(row);
  }

  async list(knowledgeBaseId: string, page: PageRequest): Promise<Page<KnowledgeDocument>> {
    const after = page.after ? 'and (created_at, id) > ($3::timestamptz, $4::uuid)' : '';
    const rows = await this.db.query<DocumentRow>(
      `select ${COLUMNS} from knowledge_documents where knowledge_base_id = $1 ${after}
        order by created_at, id limit $2`,
      [knowledgeBaseId, page.limit + 1, ...(page.after ? [page.after.createdAt, page.after.id] : [])],
    );
    return toPage(rows.map(toDocument), page.limit, (d) => d);
  }

  async delete(id: string): Promise<void> {
    await this.db.query('delete from knowledge_documents where id = $1', [id]);
  }

  takeNext(now: Date, take: (d: KnowledgeDocument) => void): Promise<KnowledgeDocument | undefined> {
    return this.db.transaction(async () => {
      const [row] = await this.db.query<DocumentRow>(
        `select ${COLUMNS} from knowledge_documents
          where status = 'processing' and (lease_expires_at is null or lease_expires_at <= $1)
          order by created_at, id limit 1
          for update skip locked`,
        [now],
      );
      if (!row) return undefined;
      const document = toDocument(row);
      take(document);
      await this.db.query(
        `update knowledge_documents set status = $2, attempts = $3, lease_expires_at = $4, error = $5, updated_at = $6
          where id = $1`,
        [
          document.id,
          document.status,
          document.attempts,
          document.leaseExpiresAt,
          document.error,
          document.updatedAt,
        ],
      );
      return document;
    });
  }

  async renewLease(d: KnowledgeDocument, until: Date): Promise<boolean> {
    const rows = await this.db.query(
      `update knowledge_documents set lease_expires_at = $3
        where id = $1 and attempts = $2 and status = 'processing' returning id`,
      [d.id, d.attempts, until],
    );
    return rows.length === 1;
  }

  finish(d: KnowledgeDocument, chunks: readonly IndexedChunk[]): Promise<boolean> {
    return this.db.transaction(async () => {
      const held = await this.db.query<{ language: string }>(
        `update knowledge_documents d set status = $3, chunk_count = $4, error = $5, lease_expires_at = null,
                updated_at = $6
          from knowledge_bases b
          where d.id = $1 and d.attempts = $2 and d.status = 'processing' and b.id = d.knowledge_base_id
          returning b.language::text as language`,
        [d.id, d.attempts, d.status, d.chunks, d.error, d.updatedAt],
      );
      const [base] = held;
      if (!base) return false;
      await this.db.query('delete from knowledge_chunks where document_id = $1', [d.id]);
      await insertChunks(this.db, d, base.language, chunks);
      return true;
    });
  }
}
