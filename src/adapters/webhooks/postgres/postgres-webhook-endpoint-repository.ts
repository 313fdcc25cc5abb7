import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { SecretBox } from '../../../application/kernel/ports/secret-box.ts';
import type { WebhookEndpointRepository } from '../../../application/webhooks/ports/webhook-endpoint-repository.ts';
import type { WebhookEndpoint } from '../../../domain/webhooks/webhook-endpoint.ts';
import { WebhookEndpointChanged } from '../../../domain/webhooks/webhook-errors.ts';
import type { WebhookEventType } from '../../../domain/webhooks/webhook-event-types.ts';
import { toPage } from '../../platform/postgres/keyset.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { ENDPOINT_COLUMNS, type EndpointRow, sealedSecrets, toEndpoint } from './endpoint-rows.ts';

/**
 * Outbound endpoints in `webhook_endpoints` (bound SQL, joining the surrounding unit of work). Secrets are
 * sealed with the webhook SecretBox under `webhook-endpoint-secret:<id>`, so a sealed secret opens only on
 * its own row.
 */
export class PostgresWebhookEndpointRepository implements WebhookEndpointRepository {
  readonly #db: PostgresDatabase;
  readonly #box: SecretBox;
  /**
   * `subscribedTo`'s rows per transaction (keyed by its EntityManager), forgotten by any write of this
   * repository in it: the completions of a group commit, many finished runs of one workspace, read the
   * workspace's endpoints once. They commit together, so each sees what the first read saw.
   */
  readonly #subscribed = new WeakMap<object, Map<string, Promise<EndpointRow[]>>>();

  constructor({ db, webhookSecretBox }: { db: PostgresDatabase; webhookSecretBox: SecretBox }) {
    this.#db = db;
    this.#box = webhookSecretBox;
  }

  async add(e: WebhookEndpoint): Promise<void> {
    this.#forgetSubscriptions();
    await this.#db.query(
      `insert into webhook_endpoints (${ENDPOINT_COLUMNS})
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        e.id,
        e.workspaceId,
        e.url,
        e.description,
        e.eventTypes,
        e.enabled,
        e.disabledReason,
        ...sealedSecrets(this.#box, e),
        e.version,
        e.createdAt,
        e.updatedAt,
      ],
    );
  }

  async findById(id: string): Promise<WebhookEndpoint | undefined> {
    const [row] = await this.#db.query<EndpointRow>(
      `select ${ENDPOINT_COLUMNS} from webhook_endpoints where id = $1`,
      [id],
    );
    return row && toEndpoint(this.#box, row);
  }

  async list(workspaceId: string, page: PageRequest): Promise<Page<WebhookEndpoint>> {
    const after = page.after ? 'and (created_at, id) > ($3::timestamptz, $4::uuid)' : '';
    const rows = await this.#db.query<EndpointRow>(
      `select ${ENDPOINT_COLUMNS} from webhook_endpoints where workspace_id = $1 ${after} order by created_at, id limit $2`,
      [workspaceId, page.limit + 1, ...(page.after ? [page.after.createdAt, page.after.id] : [])],
    );
    return toPage(
      rows.map((row) => toEndpoint(this.#box, row)),
      page.limit,
      (e) => e,
    );
  }

  async subscribedTo(workspaceId: string, type: WebhookEventType): Promise<WebhookEndpoint[]> {
    const read = () =>
      this.#db.query<EndpointRow>(
        `select ${ENDPOINT_COLUMNS} from webhook_endpoints where workspace_id = $1 and enabled and $2 = any(event_types)`,
        [workspaceId, type],
      );
    const transaction = this.#db.inTransaction() ? this.#db.entityManager() : undefined;
    let rows: Promise<EndpointRow[]>;
    if (transaction) {
      const memo = this.#subscribed.get(transaction) ?? new Map<string, Promise<EndpointRow[]>>();
      this.#subscribed.set(transaction, memo);
      const key = `${workspaceId} ${type}`;
      rows = memo.get(key) ?? read();
      memo.set(key, rows);
    } else rows = read();
    return (await rows).map((row) => toEndpoint(this.#box, row));
  }

  #forgetSubscriptions(): void {
    if (this.#db.inTransaction()) this.#subscribed.delete(this.#db.entityManager());
  }

  async save(e: WebhookEndpoint): Promise<void> {
    this.#forgetSubscriptions();
    const [secret, previous, previousExpiresAt] = sealedSecrets(this.#box, e);
    const rows = await this.#db.query<{ version: number }>(
      `update webhook_endpoints
          set url = $1, description = $2, event_types = $3, enabled = $4, disabled_reason = $5,
              consecutive_failures = case when $4 and not enabled then 0 else consecutive_failures end,
              signing_secret_sealed = $6, previous_secret_sealed = $7, previous_secret_expires_at = $8,
              updated_at = $9, version = version + 1
        where id = $10 and version = $11
        returning version`,
      [
        e.url,
        e.description,
        e.eventTypes,
        e.enabled,
        e.disabledReason,
        secret,
        previous,
        previousExpiresAt,
        e.updatedAt,
        e.id,
        e.version,
      ],
    );
    const saved = rows[0];
    if (!saved) throw new WebhookEndpointChanged();
    e.version = saved.version;
  }

  async countAttempt(
    endpointId: string,
    succeeded: boolean,
    disableAfter: number,
    now: Date,
  ): Promise<boolean> {
    this.#forgetSubscriptions();
    const rows = await this.#db.query<{ disabled: boolean }>(
      `with old as (select id, enabled from webhook_endpoints where id = $1 for update)
       update webhook_endpoints e
          set consecutive_failures = case when $2 then 0 else e.consecutive_failures + 1 end,
              enabled = e.enabled and ($2 or e.consecutive_failures + 1 < $3),
              disabled_reason = case when e.enabled and not $2 and e.consecutive_failures + 1 >= $3
                                     then 'failing' else e.disabled_reason end,
              updated_at = case when e.enabled and not $2 and e.consecutive_failures + 1 >= $3
                                then $4 else e.updated_at end,
              version = case when e.enabled and not $2 and e.consecutive_failures + 1 >= $3
                             then e.version + 1 else e.version end
         from old where e.id = old.id
       returning old.enabled and not e.enabled as disabled`,
      [endpointId, succeeded, disableAfter, now],
    );
    return rows[0]?.disabled === true;
  }

  async delete(id: string): Promise<void> {
    this.#forgetSubscriptions();
    await this.#db.query('delete from webhook_endpoints where id = $1', [id]);
  }
}
