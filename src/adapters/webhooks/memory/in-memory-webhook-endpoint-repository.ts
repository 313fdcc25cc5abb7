import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { WebhookEndpointRepository } from '../../../application/webhooks/ports/webhook-endpoint-repository.ts';
import type { WebhookEndpoint } from '../../../domain/webhooks/webhook-endpoint.ts';
import { WebhookEndpointChanged } from '../../../domain/webhooks/webhook-errors.ts';
import type { WebhookEventType } from '../../../domain/webhooks/webhook-event-types.ts';
import { inMemoryRowRepository } from '../../platform/memory/in-memory-repository.ts';
import { webhookTables } from './webhook-tables.ts';

/** Outbound endpoints in the store; deleting one takes its messages along (the database's cascade). */
export class InMemoryWebhookEndpointRepository
  extends inMemoryRowRepository(webhookTables, (tables) => tables.webhookEndpoints)
  implements WebhookEndpointRepository
{
  /** Consecutive failed attempts per endpoint (a column of the row on PostgreSQL). */
  readonly #failures = new Map<string, number>();

  list(workspaceId: string, page: PageRequest): Promise<Page<WebhookEndpoint>> {
    return this.pageWhere((e) => e.workspaceId === workspaceId, page, 'asc');
  }

  subscribedTo(workspaceId: string, type: WebhookEventType): Promise<WebhookEndpoint[]> {
    return this.atomically(() =>
      this.tables.webhookEndpoints.filter((e) => e.workspaceId === workspaceId && e.subscribesTo(type)),
    );
  }

  save(endpoint: WebhookEndpoint): Promise<void> {
    return this.atomically(() => {
      const stored = this.tables.webhookEndpoints.get(endpoint.id);
      if (!stored || stored.version !== endpoint.version) throw new WebhookEndpointChanged();
      if (endpoint.enabled && !stored.enabled) this.#failures.delete(endpoint.id);
      endpoint.version = stored.version + 1;
      this.tables.webhookEndpoints.put(endpoint);
    });
  }

  countAttempt(endpointId: string, succeeded: boolean, disableAfter: number, now: Date): Promise<boolean> {
    return this.atomically(() => {
      const stored = this.tables.webhookEndpoints.get(endpointId);
      if (!stored) return false;
      const failures = succeeded ? 0 : (this.#failures.get(endpointId) ?? 0) + 1;
      this.#failures.set(endpointId, failures);
      if (!stored.enabled || failures < disableAfter) return false;
      stored.disableAsFailing(now);
      stored.version += 1;
      this.tables.webhookEndpoints.put(stored);
      return true;
    });
  }

  delete(id: string): Promise<void> {
    // Its messages and their attempts cascade (see webhookTables).
    return this.atomically(() => {
      this.tables.webhookEndpoints.delete(id);
    });
  }
}
