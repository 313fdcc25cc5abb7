import type { ChunkQuery, ChunkSearch } from '../../../application/knowledge/ports/chunk-search.ts';
import type { KnowledgeBase } from '../../../domain/knowledge/knowledge-base.ts';
import type { SearchHit } from '../../../domain/knowledge/search-hit.ts';
import { PostgresRepository } from '../../platform/postgres/postgres-repository.ts';

type HitRow = Record<string, unknown>;

const toHit = (row: HitRow): SearchHit => ({
  documentId: row.document_id as string,
  title: row.title as string,
  chunkIndex: row.chunk_index as number,
  text: row.text as string,
  score: Number(row.score),
  metadata: row.metadata as SearchHit['metadata'],
});

/**
 * `VECTOR_INDEX=exact`: keyword search over the chunks' generated `tsvector` (GIN) with `websearch_to_tsquery`
 * and `ts_rank_cd`; semantic search comparing the query with every chunk of the knowledge base that passes the
 * filter (`real[]`, exact cosine in SQL, no approximate index). Filters use `metadata @>` (GIN jsonb_path_ops).
 */
export class PostgresChunkSearch extends PostgresRepository implements ChunkSearch {
  async keyword(base: KnowledgeBase, query: string, { limit, filter }: ChunkQuery): Promise<SearchHit[]> {
    const rows = await this.db.query<HitRow>(
      `select c.document_id, c.title, c.chunk_index, c.text, c.metadata, ts_rank_cd(c.tsv, q) as score
         from knowledge_chunks c, websearch_to_tsquery($2::regconfig, $3) q
        where c.knowledge_base_id = $1 and c.tsv @@ q and c.metadata @> $4::jsonb
        order by score desc, c.document_id, c.chunk_index
        limit $5`,
      [base.id, base.language, query, JSON.stringify(filter), limit],
    );
    return rows.map(toHit);
  }

  async semantic(
    base: KnowledgeBase,
    vector: readonly number[],
    { limit, filter }: ChunkQuery,
  ): Promise<SearchHit[]> {
    const rows = await this.db.query<HitRow>(
      `select c.document_id, c.title, c.chunk_index, c.text, c.metadata,
              knowledge_cosine(c.embedding, $2::real[]) as score
         from knowledge_chunks c
        where c.knowledge_base_id = $1 and c.embedding is not null and c.metadata @> $3::jsonb
        order by score desc, c.document_id, c.chunk_index
        limit $4`,
      [base.id, [...vector], JSON.stringify(filter), limit],
    );
    return rows.map(toHit);
  }
}
