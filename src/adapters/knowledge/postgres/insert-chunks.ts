import type { IndexedChunk } from '../../../domain/knowledge/chunk.ts';
import type { KnowledgeDocument } from '../../../domain/knowledge/knowledge-document.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';

/** Rows per insert statement (each row binds 10 parameters: far below PostgreSQL's 65,535). */
const ROWS_PER_INSERT = 500;

/** Inserts a document's chunks, many rows a statement; each with the document's title and metadata. */
export async function insertChunks(
  db: PostgresDatabase,
  document: KnowledgeDocument,
  language: string,
  chunks: readonly IndexedChunk[],
): Promise<void> {
  const metadata = JSON.stringify(document.metadata);
  for (let at = 0; at < chunks.length; at += ROWS_PER_INSERT) {
    const batch = chunks.slice(at, at + ROWS_PER_INSERT);
    const params: unknown[] = [];
    const rows = batch.map((chunk) => {
      const base = params.length;
      params.push(
        document.id,
        chunk.index,
        document.knowledgeBaseId,
        language,
        document.title,
        chunk.text,
        chunk.start,
        chunk.end,
        metadata,
        chunk.embedding === null ? null : [...chunk.embedding],
      );
      const p = (i: number) => `$${base + i}`;
      return `(${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}::regconfig, ${p(5)}, ${p(6)}, ${p(7)}, ${p(8)}, ${p(9)}::jsonb, ${p(10)}::real[])`;
    });
    await db.query(
      `insert into knowledge_chunks (document_id, chunk_index, knowledge_base_id, language, title, text,
         start_offset, end_offset, metadata, embedding)
       values ${rows.join(', ')}`,
      params,
    );
  }
}
