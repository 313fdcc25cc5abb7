import { randomUUID } from 'node:crypto';
import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type {
  LeasedMessage,
  MessageWithAttempts,
  WebhookMessageRepository,
} from '../../../application/webhooks/ports/webhook-message-repository.ts';
import type { DeliveryAttempt, WebhookMessage } from '../../../domain/webhooks/webhook-message.ts';
import { pageOfRows } from '../../platform/memory/in-memory-page.ts';
import { inMemoryRepository } from '../../platform/memory/in-memory-repository.ts';
import { webhookTables } from './webhook-tables.ts';

/**
 * The outbox in the store. A claim leases its messages in one atomic step, so concurrent claims take
 * disjoint sets, as FOR UPDATE SKIP LOCKED makes them in PostgreSQL.
 */
export class InMemoryWebhookMessageRepository
  extends inMemoryRepository(webhookTables)
  implements WebhookMessageRepository
{
  add(messages: readonly WebhookMessage[]): Promise<void> {
    return this.atomically(() => {
      for (const message of messages)
        this.tables.webhookMessages.put({ message, lease: null, leasedUntil: null });
    });
  }

  claimDue(
    now: Date,
    { limit, leaseSeconds }: { limit: number; leaseSeconds: number },
  ): Promise<LeasedMessage[]> {
    return this.atomically(() => {
      const lease = randomUUID();
      const leasedUntil = new Date(now.getTime() + leaseSeconds * 1000);
      const due = this.tables.webhookMessages
        .filter(
          ({ message, leasedUntil: until }) =>
            message.status === 'pending' &&
            message.nextAttemptAt !== null &&
            message.nextAttemptAt <= now &&
            (until === null || until <= now) &&
            this.tables.webhookEndpoints.get(message.endpointId)?.enabled === true,
        )
        .sort((a, b) => (a.message.nextAttemptAt?.getTime() ?? 0) - (b.message.nextAttemptAt?.getTime() ?? 0))
        .slice(0, limit);
      for (const row of due) this.tables.webhookMessages.put({ ...row, lease, leasedUntil });
      return due.map(({ message }) => ({ message, lease }));
    });
  }

  recordAttempt(message: WebhookMessage, attempt: DeliveryAttempt, lease: string): Promise<boolean> {
    return this.atomically(() => {
      if (this.tables.webhookMessages.get(message.id)?.lease !== lease) return false;
      this.tables.webhookMessages.put({ message, lease: null, leasedUntil: null });
      this.tables.webhookAttempts.put(attempt);
      return true;
    });
  }

  findById(id: string): Promise<WebhookMessage | undefined> {
    return this.atomically((tables) => tables.webhookMessages.get(id)?.message);
  }

  listForEndpoint(endpointId: string, page: PageRequest): Promise<Page<MessageWithAttempts>> {
    return this.atomically(() => {
      const mine = this.tables.webhookMessages
        .filter(({ message }) => message.endpointId === endpointId)
        .map(({ message }) => message);
      const result = pageOfRows(mine, page, 'desc');
      return {
        items: result.items.map((message) => ({ message, attempts: this.#attemptsOf(message.id) })),
        next: result.next,
      };
    });
  }

  attemptsOf(messageId: string): Promise<DeliveryAttempt[]> {
    return this.atomically(() => this.#attemptsOf(messageId));
  }

  save(message: WebhookMessage): Promise<void> {
    return this.atomically(() => {
      this.tables.webhookMessages.update(message.id, (row) => Object.assign(row, { message }));
    });
  }

  #attemptsOf(messageId: string): DeliveryAttempt[] {
    return this.tables.webhookAttempts
      .filter((attempt) => attempt.messageId === messageId)
      .sort((a, b) => a.attemptedAt.getTime() - b.attemptedAt.getTime());
  }
}
