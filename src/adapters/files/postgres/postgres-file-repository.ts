import type { FileRepository } from '../../../application/files/ports/file-repository.ts';
import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import { StoredFile } from '../../../domain/files/stored-file.ts';
import type { RetentionCutoffs } from '../../../domain/kernel/retention.ts';
import { purgeExpiredBatch } from '../../platform/postgres/expired-batch.ts';
import { afterPosition, toPage } from '../../platform/postgres/keyset.ts';
import { PostgresRepository } from '../../platform/postgres/postgres-repository.ts';
import { SqlParameters } from '../../platform/postgres/sql-parameters.ts';

const COLUMNS = 'id, workspace_id, name, content_type, size, sha256, created_by, created_at';

interface FileRow {
  id: string;
  workspace_id: string;
  name: string;
  content_type: string;
  size: string;
  sha256: string;
  created_by: string | null;
  created_at: string | Date;
}

function toFile(row: FileRow): StoredFile {
  return new StoredFile({
    id: row.id,
    workspaceId: row.workspace_id,
    name: row.name,
    contentType: row.content_type,
    size: Number(row.size),
    sha256: row.sha256,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at),
  });
}

/** Files' metadata in `files`. */
export class PostgresFileRepository extends PostgresRepository implements FileRepository {
  /**
   * Under the workspace's transaction-scoped advisory lock, so two uploads finishing at once cannot both fit
   * in the room only one of them has.
   */
  addWithinQuota(file: StoredFile, quotaBytes: number): Promise<boolean> {
    return this.db.transaction(async () => {
      await this.db.query("select pg_advisory_xact_lock(hashtextextended('files:' || $1, 0))", [
        file.workspaceId,
      ]);
      const rows = await this.db.query(
        `insert into files (${COLUMNS})
         select $1::uuid, $2::uuid, $3::text, $4::text, $5::bigint, $6::text, $7::uuid, $8::timestamptz
          where (select coalesce(sum(size), 0) from files where workspace_id = $2::uuid) + $5::bigint <= $9::bigint
         returning id`,
        [
          file.id,
          file.workspaceId,
          file.name,
          file.contentType,
          file.size,
          file.sha256,
          file.createdBy,
          file.createdAt,
          quotaBytes,
        ],
      );
      return rows.length === 1;
    });
  }

  async findById(id: string): Promise<StoredFile | undefined> {
    const [row] = await this.db.query<FileRow>(`select ${COLUMNS} from files where id = $1`, [id]);
    return row && toFile(row);
  }

  async listForWorkspace(workspaceId: string, page: PageRequest): Promise<Page<StoredFile>> {
    const params = new SqlParameters();
    const rows = await this.db.query<FileRow>(
      `select ${COLUMNS} from files
        where workspace_id = ${params.add(workspaceId)}
          ${afterPosition('created_at, id', page, 'desc', params)}
        order by created_at desc, id desc limit ${params.add(page.limit + 1)}`,
      params.values,
    );
    return toPage(rows.map(toFile), page.limit, (f) => ({ createdAt: f.createdAt, id: f.id }));
  }

  async usedBytes(workspaceId: string): Promise<number> {
    const [row] = await this.db.query<{ used: string }>(
      'select coalesce(sum(size), 0) as used from files where workspace_id = $1',
      [workspaceId],
    );
    return Number(row?.used ?? 0);
  }

  deleteExpired(cutoffs: RetentionCutoffs, limit: number): Promise<string[]> {
    return purgeExpiredBatch(
      this.db,
      {
        table: 'files',
        finished: 'true',
        endedAt: 'created_at',
        workspaceColumn: 'files.workspace_id',
        change: 'delete',
      },
      cutoffs,
      limit,
    );
  }

  async existingIds(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.query<{ id: string }>('select id from files where id = any($1::uuid[])', [
      ids,
    ]);
    return rows.map((row) => row.id);
  }

  async delete(id: string): Promise<boolean> {
    const rows = await this.db.query('delete from files where id = $1 returning id', [id]);
    return rows.length === 1;
  }
}
