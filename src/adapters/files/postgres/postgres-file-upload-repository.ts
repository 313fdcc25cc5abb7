import type { FileUploadRepository } from '../../../application/files/ports/file-upload-repository.ts';
import { FileUpload } from '../../../domain/files/file-upload.ts';
import { PostgresRepository } from '../../platform/postgres/postgres-repository.ts';

const COLUMNS = 'id, workspace_id, name, content_type, length, created_by, created_at, expires_at';

interface UploadRow {
  id: string;
  workspace_id: string;
  name: string;
  content_type: string;
  length: string | null;
  created_by: string | null;
  created_at: string | Date;
  expires_at: string | Date;
}

function toUpload(row: UploadRow): FileUpload {
  return new FileUpload({
    id: row.id,
    workspaceId: row.workspace_id,
    name: row.name,
    contentType: row.content_type,
    length: row.length === null ? null : Number(row.length),
    createdBy: row.created_by,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
  });
}

/** Unfinished uploads in `file_uploads`; the lease and the sweep are single conditional statements. */
export class PostgresFileUploadRepository extends PostgresRepository implements FileUploadRepository {
  async add(upload: FileUpload): Promise<void> {
    await this.db.query(`insert into file_uploads (${COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7, $8)`, [
      upload.id,
      upload.workspaceId,
      upload.name,
      upload.contentType,
      upload.length,
      upload.createdBy,
      upload.createdAt,
      upload.expiresAt,
    ]);
  }

  async findActive(id: string, now: Date): Promise<FileUpload | undefined> {
    const [row] = await this.db.query<UploadRow>(
      `select ${COLUMNS} from file_uploads where id = $1 and expires_at > $2`,
      [id, now],
    );
    return row && toUpload(row);
  }

  async lease(id: string, holder: string, now: Date, until: Date): Promise<boolean> {
    const rows = await this.db.query(
      `update file_uploads set leased_until = $4, lease_holder = $2
        where id = $1 and (leased_until is null or leased_until <= $3) returning id`,
      [id, holder, now, until],
    );
    return rows.length === 1;
  }

  async renew(id: string, holder: string, until: Date): Promise<boolean> {
    const rows = await this.db.query(
      'update file_uploads set leased_until = $3 where id = $1 and lease_holder = $2 returning id',
      [id, holder, until],
    );
    return rows.length === 1;
  }

  async release(id: string, holder: string): Promise<void> {
    await this.db.query(
      'update file_uploads set leased_until = null, lease_holder = null where id = $1 and lease_holder = $2',
      [id, holder],
    );
  }

  async declareLength(id: string, length: number): Promise<void> {
    await this.db.query('update file_uploads set length = $2 where id = $1 and length is null', [id, length]);
  }

  async existingIds(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.query<{ id: string }>(
      'select id from file_uploads where id = any($1::uuid[])',
      [ids],
    );
    return rows.map((row) => row.id);
  }

  async delete(id: string): Promise<void> {
    await this.db.query('delete from file_uploads where id = $1', [id]);
  }

  async takeExpired(now: Date, limit: number): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      `delete from file_uploads where id in (
         select id from file_uploads
          where expires_at <= $1 and (leased_until is null or leased_until <= $1)
          order by expires_at limit $2 for update skip locked)
       returning id`,
      [now, limit],
    );
    return rows.map((row) => row.id);
  }
}
