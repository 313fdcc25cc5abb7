import type { WebhookEndpoint } from '../../../domain/webhooks/webhook-endpoint.ts';
import type { WebhookEventType } from '../../../domain/webhooks/webhook-event-types.ts';
import type { Page, PageRequest } from '../../kernel/ports/page.ts';

/**
 * Outbound webhook endpoints. Adapters keep the signing secrets sealed at rest (like trigger secrets);
 * callers see them in clear. Every method joins the surrounding `UnitOfWork` transaction.
 */
export interface WebhookEndpointRepository {
  add(endpoint: WebhookEndpoint): Promise<void>;
  findById(id: string): Promise<WebhookEndpoint | undefined>;
  /** The workspace's endpoints, ordered by (createdAt, id). */
  list(workspaceId: string, page: PageRequest): Promise<Page<WebhookEndpoint>>;
  /** The workspace's enabled endpoints subscribed to `type`. */
  subscribedTo(workspaceId: string, type: WebhookEventType): Promise<WebhookEndpoint[]>;
  /**
   * Stores the changes made since `endpoint` was read at `endpoint.version`, and bumps it. Throws
   * WebhookEndpointChanged when it was changed or deleted meanwhile (of two rotations only one is stored).
   */
  save(endpoint: WebhookEndpoint): Promise<void>;
  /**
   * Counts an attempt's outcome: a success resets the endpoint's run of consecutive failures, a failure adds
   * to it, and the failure that brings it to `disableAfter` disables the endpoint (`failing`). True only for
   * that attempt (at most one caller learns it disabled the endpoint, however many count at once).
   */
  countAttempt(endpointId: string, succeeded: boolean, disableAfter: number, now: Date): Promise<boolean>;
  /** Deletes the endpoint with its messages and their attempts; its secrets are destroyed. */
  delete(id: string): Promise<void>;
}
