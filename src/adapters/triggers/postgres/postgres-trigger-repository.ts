import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { SecretBox } from '../../../application/kernel/ports/secret-box.ts';
import type {
  TriggerFilter,
  TriggerRepository,
} from '../../../application/triggers/ports/trigger-repository.ts';
import type { TriggerSignatureScheme } from '../../../domain/triggers/signature-schemes.ts';
import { Trigger } from '../../../domain/triggers/trigger.ts';
import { TriggerChanged, WebhookPathTaken } from '../../../domain/triggers/webhook-errors.ts';
import { afterPosition, toPage } from '../../platform/postgres/keyset.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { openRotatingSecret, sealRotatingSecret } from '../../platform/postgres/sealed-rotating-secret.ts';
import { SqlParameters } from '../../platform/postgres/sql-parameters.ts';
import { isUniqueViolation } from '../../platform/postgres/unique-violation.ts';

interface TriggerRow {
  readonly id: string;
  readonly workspace_id: string;
  readonly mission_id: string;
  readonly name: string;
  readonly enabled: boolean;
  readonly webhook_path: string;
  readonly max_body_bytes: number;
  readonly signature_scheme: TriggerSignatureScheme;
  readonly require_timestamp: boolean;
  readonly require_idempotency_key: boolean;
  readonly signing_secret_sealed: string;
  readonly previous_secret_sealed: string | null;
  readonly previous_secret_expires_at: string | null;
  readonly version: number;
  readonly created_at: string;
  readonly updated_at: string;
}

const COLUMNS = `id, workspace_id, mission_id, name, enabled, webhook_path, max_body_bytes, signature_scheme,
  require_timestamp, require_idempotency_key, signing_secret_sealed, previous_secret_sealed,
  previous_secret_expires_at, version, created_at, updated_at`;

/**
 * Triggers in the `triggers` table (SQL, joining the surrounding unit of work). Signing secrets are
 * sealed with the webhook SecretBox under the context `webhook-secret:<trigger id>`, so a database dump
 * alone reveals none, and a sealed secret copied onto another trigger's row does not open there.
 */
export class PostgresTriggerRepository implements TriggerRepository {
  readonly #db: PostgresDatabase;
  readonly #box: SecretBox;

  constructor({ db, webhookSecretBox }: { db: PostgresDatabase; webhookSecretBox: SecretBox }) {
    this.#db = db;
    this.#box = webhookSecretBox;
  }

  async add(trigger: Trigger): Promise<void> {
    try {
      await this.#db.query(
        `insert into triggers (${COLUMNS})
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
        [
          trigger.id,
          trigger.workspaceId,
          trigger.missionId,
          trigger.name,
          trigger.enabled,
          trigger.webhookPath,
          trigger.maxBodyBytes,
          trigger.signatureScheme,
          trigger.requireTimestamp,
          trigger.requireIdempotencyKey,
          ...this.#sealed(trigger),
          trigger.version,
          trigger.createdAt,
          trigger.updatedAt,
        ],
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new WebhookPathTaken();
      throw error;
    }
  }

  async findById(id: string): Promise<Trigger | undefined> {
    return this.#one('id = $1', id);
  }

  async findByWebhookPath(webhookPath: string): Promise<Trigger | undefined> {
    return this.#one('webhook_path = $1', webhookPath);
  }

  async list(filter: TriggerFilter, page: PageRequest): Promise<Page<Trigger>> {
    const params = new SqlParameters();
    let where = `workspace_id = ${params.add(filter.workspaceId)} and deleted_at is null`;
    if (filter.missionId !== undefined) where += ` and mission_id = ${params.add(filter.missionId)}`;
    where += afterPosition('created_at, id', page, 'asc', params);
    const rows = await this.#db.query<TriggerRow>(
      `select ${COLUMNS} from triggers where ${where} order by created_at, id limit ${params.add(page.limit + 1)}`,
      params.values,
    );
    return toPage(
      rows.map((row) => this.#toTrigger(row)),
      page.limit,
      (trigger) => trigger,
    );
  }

  async save(trigger: Trigger): Promise<void> {
    const [secret, previous, previousExpiresAt] = this.#sealed(trigger);
    const [saved] = await this.#db.query<{ version: number }>(
      `update triggers
          set name = $1, enabled = $2, max_body_bytes = $3, require_timestamp = $4, require_idempotency_key = $5,
              signing_secret_sealed = $6, previous_secret_sealed = $7, previous_secret_expires_at = $8,
              updated_at = $9, version = version + 1
        where id = $10 and version = $11 and deleted_at is null
        returning version`,
      [
        trigger.name,
        trigger.enabled,
        trigger.maxBodyBytes,
        trigger.requireTimestamp,
        trigger.requireIdempotencyKey,
        secret,
        previous,
        previousExpiresAt,
        trigger.updatedAt,
        trigger.id,
        trigger.version,
      ],
    );
    if (!saved) throw new TriggerChanged();
    trigger.version = saved.version;
  }

  async delete(id: string, now: Date): Promise<void> {
    // The secrets are destroyed, not kept sealed: nothing can verify for a deleted trigger again.
    await this.#db.query(
      `update triggers
          set deleted_at = $1, enabled = false, signing_secret_sealed = null, previous_secret_sealed = null,
              previous_secret_expires_at = null, version = version + 1
        where id = $2 and deleted_at is null`,
      [now, id],
    );
  }

  async #one(condition: string, value: string): Promise<Trigger | undefined> {
    // On every delivery: straight on the pool (or the transaction), with no EntityManager fork.
    const [row] = await this.#db.query<TriggerRow>(
      `select ${COLUMNS} from triggers where ${condition} and deleted_at is null`,
      [value],
    );
    return row && this.#toTrigger(row);
  }

  #sealed(trigger: Trigger): [string, string | null, Date | null] {
    return sealRotatingSecret(this.#box, webhookSecretContext(trigger.id), trigger);
  }

  #toTrigger(row: TriggerRow): Trigger {
    const context = webhookSecretContext(row.id);
    return new Trigger({
      id: row.id,
      workspaceId: row.workspace_id,
      missionId: row.mission_id,
      name: row.name,
      enabled: row.enabled,
      webhookPath: row.webhook_path,
      maxBodyBytes: row.max_body_bytes,
      signatureScheme: row.signature_scheme,
      requireTimestamp: row.require_timestamp,
      requireIdempotencyKey: row.require_idempotency_key,
      ...openRotatingSecret(this.#box, context, row),
      version: row.version,
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
    });
  }
}

/** The associated data a trigger's secrets are sealed with: a sealed secret opens only on its own row. */
export function webhookSecretContext(triggerId: string): string {
  return `webhook-secret:${triggerId}`;
}
