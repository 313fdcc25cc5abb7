import type { DeliveryAttempt, WebhookMessage } from '../../../domain/webhooks/webhook-message.ts';
import type { Page, PageRequest } from '../../kernel/ports/page.ts';

/** A message handed to one dispatcher: no other one gets it while `lease` runs. */
export interface LeasedMessage {
  readonly message: WebhookMessage;
  readonly lease: string;
}

export interface ClaimOptions {
  readonly limit: number;
  readonly leaseSeconds: number;
  readonly perEndpoint?: number | undefined;
  readonly perWorkspace?: number | undefined;
  readonly skip?:
    | { readonly endpoints: readonly string[]; readonly workspaces: readonly string[] }
    | undefined;
}

export interface MessageWithAttempts {
  readonly message: WebhookMessage;
  /** Oldest first. */
  readonly attempts: readonly DeliveryAttempt[];
}

/**
 * The outbox of outbound webhook messages. Every method joins the surrounding `UnitOfWork` transaction, so
 * messages are stored in the very transaction of the state change that causes them.
 */
export interface WebhookMessageRepository {
  add(messages: readonly WebhookMessage[]): Promise<void>;
  /**
   * Leases up to `limit` pending messages due at `now` (their `nextAttemptAt` reached, no lease running) of
   * enabled endpoints, for `leaseSeconds`. Adapters lock the rows they lease and skip rows locked by a
   * concurrent claim, so two dispatchers (in any number of processes) never hold one message. Fair between
   * workspaces: each workspace's oldest due message comes before any workspace's second, and so on; at most
   * `perEndpoint` messages of one endpoint and `perWorkspace` of one workspace, and none of the endpoints
   * and workspaces named in `skip` (those the caller already has enough of in flight).
   */
  claimDue(now: Date, options: ClaimOptions): Promise<LeasedMessage[]>;
  /**
   * Stores `attempt` and the message's new state and ends the lease, only while `lease` still holds the
   * message; false (nothing stored) when it expired and another dispatcher may have taken it.
   */
  recordAttempt(message: WebhookMessage, attempt: DeliveryAttempt, lease: string): Promise<boolean>;
  findById(id: string): Promise<WebhookMessage | undefined>;
  /** The endpoint's messages, newest first (by createdAt, id), each with its attempts. */
  listForEndpoint(endpointId: string, page: PageRequest): Promise<Page<MessageWithAttempts>>;
  /** Attempts of one message, oldest first. */
  attemptsOf(messageId: string): Promise<DeliveryAttempt[]>;
  /** Stores a resend: status, position in the schedule and next attempt (a running lease is left alone). */
  save(message: WebhookMessage): Promise<void>;
}
