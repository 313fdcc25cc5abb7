import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { WebhookEndpointRepository } from '../../../application/webhooks/ports/webhook-endpoint-repository.ts';
import type { WebhookEndpoint } from '../../../domain/webhooks/webhook-endpoint.ts';
import { WebhookEndpointChanged } from '../../../domain/webhooks/webhook-errors.ts';
import type { WebhookEventType } from '../../../domain/webhooks/webhook-event-types.ts';
import { pageOf } from '../../platform/memory/in-memory-page.ts';
import type { InMemoryStore } from '../../platform/memory/in-memory-store.ts';
import { webhookTables } from './webhook-tables.ts';

/** Outbound endpoints in the store; deleting one takes its messages along (the database's cascade). */
export class InMemoryWebhookEndpointRepository implements WebhookEndpointRepository {
  readonly #store: InMemoryStore;

  constructor({ store }: { store: InMemoryStore }) {
    this.#store = store;
  }

  add(endpoint: WebhookEndpoint): Promise<void> {
    return this.#store.atomically(() => webhookTables(this.#store).webhookEndpoints.put(endpoint));
  }

  findById(id: string): Promise<WebhookEndpoint | undefined> {
    return this.#store.atomically(() => webhookTables(this.#store).webhookEndpoints.get(id));
  }

  list(workspaceId: string, page: PageRequest): Promise<Page<WebhookEndpoint>> {
    return this.#store.atomically(() =>
      pageOf(
        webhookTables(this.#store).webhookEndpoints.filter((e) => e.workspaceId === workspaceId),
        (e) => e,
        page,
        'asc',
      ),
    );
  }

  subscribedTo(workspaceId: string, type: WebhookEventType): Promise<WebhookEndpoint[]> {
    return this.#store.atomically(() =>
      webhookTables(this.#store).webhookEndpoints.filter(
        (e) => e.workspaceId === workspaceId && e.subscribesTo(type),
      ),
    );
  }

  save(endpoint: WebhookEndpoint): Promise<void> {
    return this.#store.atomically(() => {
      const stored = webhookTables(this.#store).webhookEndpoints.get(endpoint.id);
      if (!stored || stored.version !== endpoint.version) throw new WebhookEndpointChanged();
      endpoint.version = stored.version + 1;
      webhookTables(this.#store).webhookEndpoints.put(endpoint);
    });
  }

  delete(id: string): Promise<void> {
    // Its messages and their attempts cascade (see webhookTables).
    return this.#store.atomically(() => {
      webhookTables(this.#store).webhookEndpoints.delete(id);
    });
  }
}
