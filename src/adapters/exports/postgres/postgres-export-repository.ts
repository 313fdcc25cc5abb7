import type { ExportRepository } from '../../../application/exports/ports/export-repository.ts';
import { ExportJob } from '../../../domain/exports/export-job.ts';
import { PostgresRepository } from '../../platform/postgres/postgres-repository.ts';

const COLUMNS = `id, workspace_id, kind, format, filter, status, file_id, row_count, error, requested_by, attempts,
  lease_expires_at, created_at, started_at, finished_at`;

type ExportRow = Record<string, unknown>;

const date = (value: unknown) => (value === null ? null : new Date(value as string));

function toJob(row: ExportRow): ExportJob {
  return new ExportJob({
    id: row.id as string,
    workspaceId: row.workspace_id as string,
    kind: row.kind as ExportJob['kind'],
    format: row.format as ExportJob['format'],
    filter: row.filter as ExportJob['filter'],
    status: row.status as ExportJob['status'],
    fileId: (row.file_id as string | null) ?? null,
    rows: row.row_count === null ? null : Number(row.row_count),
    error: (row.error as string | null) ?? null,
    requestedBy: (row.requested_by as string | null) ?? null,
    attempts: row.attempts as number,
    leaseExpiresAt: date(row.lease_expires_at),
    createdAt: new Date(row.created_at as string),
    startedAt: date(row.started_at),
    finishedAt: date(row.finished_at),
  });
}

/** Exports in `exports`: taken with `for update skip locked`, renewed and finished only by their attempt. */
export class PostgresExportRepository extends PostgresRepository implements ExportRepository {
  async add(job: ExportJob): Promise<void> {
    await this.db.query(
      `insert into exports (${COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        job.id,
        job.workspaceId,
        job.kind,
        job.format,
        JSON.stringify(job.filter),
        job.status,
        job.fileId,
        job.rows,
        job.error,
        job.requestedBy,
        job.attempts,
        job.leaseExpiresAt,
        job.createdAt,
        job.startedAt,
        job.finishedAt,
      ],
    );
  }

  async findById(id: string): Promise<ExportJob | undefined> {
    const [row] = await this.db.query<ExportRow>(`select ${COLUMNS} from exports where id = $1`, [id]);
    return row && toJob(row);
  }

  takeNext(now: Date, take: (job: ExportJob) => void): Promise<ExportJob | undefined> {
    return this.db.transaction(async () => {
      const [row] = await this.db.query<ExportRow>(
        `select ${COLUMNS} from exports
          where status = 'queued' or (status = 'running' and lease_expires_at <= $1)
          order by created_at, id limit 1
          for update skip locked`,
        [now],
      );
      if (!row) return undefined;
      const job = toJob(row);
      take(job);
      await this.db.query(
        `update exports set status = $2, attempts = $3, lease_expires_at = $4, started_at = $5, error = $6,
                finished_at = $7
          where id = $1`,
        [job.id, job.status, job.attempts, job.leaseExpiresAt, job.startedAt, job.error, job.finishedAt],
      );
      return job;
    });
  }

  async renewLease(job: ExportJob, until: Date): Promise<boolean> {
    const rows = await this.db.query(
      `update exports set lease_expires_at = $3
        where id = $1 and attempts = $2 and status = 'running' returning id`,
      [job.id, job.attempts, until],
    );
    return rows.length === 1;
  }

  async finish(job: ExportJob): Promise<boolean> {
    const rows = await this.db.query(
      `update exports set status = $3, file_id = $4, row_count = $5, error = $6, lease_expires_at = null,
              finished_at = $7
        where id = $1 and attempts = $2 and status = 'running' returning id`,
      [job.id, job.attempts, job.status, job.fileId, job.rows, job.error, job.finishedAt],
    );
    return rows.length === 1;
  }
}
