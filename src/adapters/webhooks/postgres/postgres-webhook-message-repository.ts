import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type {
  ClaimOptions,
  LeasedMessage,
  MessageWithAttempts,
  WebhookMessageRepository,
} from '../../../application/webhooks/ports/webhook-message-repository.ts';
import type { DeliveryAttempt, WebhookMessage } from '../../../domain/webhooks/webhook-message.ts';
import { PostgresRepository } from '../../platform/postgres/postgres-repository.ts';
import { claimDueMessages, recordLeasedAttempt } from './lease-webhook-messages.ts';
import { attemptsOf, findMessage, listMessagesForEndpoint } from './read-webhook-messages.ts';
import { addMessages, saveMessage } from './write-webhook-messages.ts';

/**
 * The outbox in `webhook_messages` and `webhook_attempts` (bound SQL, joining the surrounding unit of work,
 * so messages commit with the run change that causes them). Claims lock due rows with FOR UPDATE SKIP
 * LOCKED and stamp a lease on them in one statement: concurrent dispatchers, in any number of processes,
 * lease disjoint sets, and a leased row stays out of every claim until its lease runs out.
 */
export class PostgresWebhookMessageRepository extends PostgresRepository implements WebhookMessageRepository {
  add(messages: readonly WebhookMessage[]): Promise<void> {
    return addMessages(this.db, messages);
  }

  claimDue(now: Date, options: ClaimOptions): Promise<LeasedMessage[]> {
    return claimDueMessages(this.db, now, options);
  }

  recordAttempt(message: WebhookMessage, attempt: DeliveryAttempt, lease: string): Promise<boolean> {
    return recordLeasedAttempt(this.db, message, attempt, lease);
  }

  findById(id: string): Promise<WebhookMessage | undefined> {
    return findMessage(this.db, id);
  }

  listForEndpoint(endpointId: string, page: PageRequest): Promise<Page<MessageWithAttempts>> {
    return listMessagesForEndpoint(this.db, endpointId, page);
  }

  attemptsOf(messageId: string): Promise<DeliveryAttempt[]> {
    return attemptsOf(this.db, [messageId]);
  }

  save(message: WebhookMessage): Promise<void> {
    return saveMessage(this.db, message);
  }
}
