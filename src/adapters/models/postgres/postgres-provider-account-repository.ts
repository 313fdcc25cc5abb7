import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { SecretBox } from '../../../application/kernel/ports/secret-box.ts';
import type { ProviderAccountRepository } from '../../../application/models/ports/provider-account-repository.ts';
import { ProviderAccount, type ProviderKind } from '../../../domain/models/provider-account.ts';
import { toPage } from '../../platform/postgres/keyset.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';

interface ProviderRow {
  readonly id: string;
  readonly workspace_id: string;
  readonly name: string;
  readonly kind: ProviderKind;
  readonly base_url: string | null;
  readonly api_key_sealed: string | null;
  readonly created_at: Date | string;
  readonly updated_at: Date | string;
}

const COLUMNS = 'id, workspace_id, name, kind, base_url, api_key_sealed, created_at, updated_at';

/** The associated data of a sealed key: it opens only on its own row. */
export const providerKeyContext = (id: string) => `model-provider-key:${id}`;

/**
 * Model providers in `model_providers` (bound SQL, joining the surrounding unit of work). Keys are sealed with
 * the webhook SecretBox (the one of every stored outbound credential) under {@link providerKeyContext}.
 */
export class PostgresProviderAccountRepository implements ProviderAccountRepository {
  readonly #db: PostgresDatabase;
  readonly #box: SecretBox;

  constructor({ db, webhookSecretBox }: { db: PostgresDatabase; webhookSecretBox: SecretBox }) {
    this.#db = db;
    this.#box = webhookSecretBox;
  }

  async add(a: ProviderAccount): Promise<void> {
    await this.#db.query(`insert into model_providers (${COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7, $8)`, [
      a.id,
      a.workspaceId,
      a.name,
      a.kind,
      a.baseUrl,
      this.#sealed(a),
      a.createdAt,
      a.updatedAt,
    ]);
  }

  async findById(id: string): Promise<ProviderAccount | undefined> {
    const [row] = await this.#db.query<ProviderRow>(`select ${COLUMNS} from model_providers where id = $1`, [
      id,
    ]);
    return row && this.#toAccount(row);
  }

  async list(workspaceId: string, page: PageRequest): Promise<Page<ProviderAccount>> {
    const after = page.after ? 'and (created_at, id) > ($3::timestamptz, $4::uuid)' : '';
    const rows = await this.#db.query<ProviderRow>(
      `select ${COLUMNS} from model_providers where workspace_id = $1 ${after} order by created_at, id limit $2`,
      [workspaceId, page.limit + 1, ...(page.after ? [page.after.createdAt, page.after.id] : [])],
    );
    return toPage(
      rows.map((row) => this.#toAccount(row)),
      page.limit,
      (a) => a,
    );
  }

  async save(a: ProviderAccount): Promise<void> {
    await this.#db.query(
      `update model_providers set name = $1, base_url = $2, api_key_sealed = $3, updated_at = $4 where id = $5`,
      [a.name, a.baseUrl, this.#sealed(a), a.updatedAt, a.id],
    );
  }

  async delete(id: string): Promise<void> {
    await this.#db.query('delete from model_providers where id = $1', [id]);
  }

  #sealed(a: ProviderAccount): string | null {
    return a.apiKey === null ? null : this.#box.seal(a.apiKey, providerKeyContext(a.id));
  }

  #toAccount(row: ProviderRow): ProviderAccount {
    return new ProviderAccount({
      id: row.id,
      workspaceId: row.workspace_id,
      name: row.name,
      kind: row.kind,
      baseUrl: row.base_url,
      apiKey:
        row.api_key_sealed === null ? null : this.#box.open(row.api_key_sealed, providerKeyContext(row.id)),
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
    });
  }
}
