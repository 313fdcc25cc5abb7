import type { ApiKeyRepository } from '../../../application/api-keys/ports/api-key-repository.ts';
import type { CreatorKeyScope } from '../../../application/kernel/ports/creator-keys.ts';
import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import { ApiKey } from '../../../domain/api-keys/api-key.ts';
import type { ApiKeyRole } from '../../../domain/kernel/roles.ts';
import { afterPosition, toPage } from '../../platform/postgres/keyset.ts';
import { PostgresRepository } from '../../platform/postgres/postgres-repository.ts';
import { SqlParameters } from '../../platform/postgres/sql-parameters.ts';

interface ApiKeyRow {
  readonly id: string;
  readonly workspace_id: string;
  readonly key_id: string;
  readonly secret_hash: string;
  readonly name: string;
  readonly role: ApiKeyRole;
  readonly created_by: string | null;
  readonly created_at: string;
  readonly last_used_at: string | null;
  readonly expires_at: string | null;
  readonly revoked_at: string | null;
}

const COLUMNS = `id, workspace_id, key_id, secret_hash, name, role, created_by, created_at, last_used_at,
  expires_at, revoked_at`;

/** API keys in the `api_keys` table: every request made with a key reads one row by its key id. */
export class PostgresApiKeyRepository extends PostgresRepository implements ApiKeyRepository {
  async add(key: ApiKey): Promise<void> {
    await this.db.query(
      `insert into api_keys (${COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        key.id,
        key.workspaceId,
        key.keyId,
        key.secretHash,
        key.name,
        key.role,
        key.createdBy,
        key.createdAt,
        key.lastUsedAt,
        key.expiresAt,
        key.revokedAt,
      ],
    );
  }

  async findByKeyId(keyId: string): Promise<ApiKey | undefined> {
    const [row] = await this.db.query<ApiKeyRow>(`select ${COLUMNS} from api_keys where key_id = $1`, [
      keyId,
    ]);
    return row && toApiKey(row);
  }

  async findById(id: string): Promise<ApiKey | undefined> {
    const [row] = await this.db.query<ApiKeyRow>(`select ${COLUMNS} from api_keys where id = $1`, [id]);
    return row && toApiKey(row);
  }

  async listForWorkspace(workspaceId: string, page: PageRequest): Promise<Page<ApiKey>> {
    const params = new SqlParameters();
    const rows = await this.db.query<ApiKeyRow>(
      `select ${COLUMNS} from api_keys
        where workspace_id = ${params.add(workspaceId)} and revoked_at is null
          ${afterPosition('created_at, id', page, 'asc', params)}
        order by created_at, id limit ${params.add(page.limit + 1)}`,
      params.values,
    );
    return toPage(rows.map(toApiKey), page.limit, (key) => ({ createdAt: key.createdAt, id: key.id }));
  }

  async revoke(id: string, now: Date): Promise<boolean> {
    const rows = await this.db.query(
      'update api_keys set revoked_at = $2 where id = $1 and revoked_at is null returning id',
      [id, now],
    );
    return rows.length === 1;
  }

  async revokeCreatedBy(
    userId: string,
    scope: CreatorKeyScope,
    now: Date,
  ): Promise<{ id: string; workspaceId: string }[]> {
    const rows = await this.db.query<{ id: string; workspace_id: string }>(
      `update api_keys set revoked_at = $2
        where created_by = $1 and revoked_at is null and ($3::uuid is null or workspace_id = $3)
          and (not $4 or role = 'admin')
        returning id, workspace_id`,
      [userId, now, scope.workspaceId ?? null, scope.adminKeysOnly === true],
    );
    return rows.map((row) => ({ id: row.id, workspaceId: row.workspace_id }));
  }

  async recordUse(id: string, now: Date, cutoff: Date): Promise<void> {
    await this.db.query(
      'update api_keys set last_used_at = $2 where id = $1 and (last_used_at is null or last_used_at <= $3)',
      [id, now, cutoff],
    );
  }
}

const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

function toApiKey(row: ApiKeyRow): ApiKey {
  return new ApiKey({
    id: row.id,
    workspaceId: row.workspace_id,
    keyId: row.key_id,
    secretHash: row.secret_hash,
    name: row.name,
    role: row.role,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at),
    lastUsedAt: dateOrNull(row.last_used_at),
    expiresAt: dateOrNull(row.expires_at),
    revokedAt: dateOrNull(row.revoked_at),
  });
}
