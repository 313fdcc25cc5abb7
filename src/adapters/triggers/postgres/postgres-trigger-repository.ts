import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { SecretBox } from '../../../application/kernel/ports/secret-box.ts';
import type {
  TriggerFilter,
  TriggerRepository,
} from '../../../application/triggers/ports/trigger-repository.ts';
import type { Trigger } from '../../../domain/triggers/trigger.ts';
import { TriggerChanged, WebhookPathTaken } from '../../../domain/triggers/webhook-errors.ts';
import { afterPosition, toPage } from '../../platform/postgres/keyset.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { SqlParameters } from '../../platform/postgres/sql-parameters.ts';
import { isUniqueViolation } from '../../platform/postgres/unique-violation.ts';
import { sealedSecrets, TRIGGER_COLUMNS, type TriggerRow, toTrigger } from './trigger-rows.ts';

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
        `insert into triggers (${TRIGGER_COLUMNS})
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
          ...sealedSecrets(this.#box, trigger),
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
      `select ${TRIGGER_COLUMNS} from triggers where ${where} order by created_at, id limit ${params.add(page.limit + 1)}`,
      params.values,
    );
    return toPage(
      rows.map((row) => toTrigger(this.#box, row)),
      page.limit,
      (trigger) => trigger,
    );
  }

  async save(trigger: Trigger): Promise<void> {
    const [secret, previous, previousExpiresAt] = sealedSecrets(this.#box, trigger);
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
      `select ${TRIGGER_COLUMNS} from triggers where ${condition} and deleted_at is null`,
      [value],
    );
    return row && toTrigger(this.#box, row);
  }
}
