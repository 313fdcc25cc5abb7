import { randomUUID } from 'node:crypto';
import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type {
  ClaimOptions,
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

  claimDue(now: Date, options: ClaimOptions): Promise<LeasedMessage[]> {
    return this.atomically(() => {
      const lease = randomUUID();
      const leasedUntil = new Date(now.getTime() + options.leaseSeconds * 1000);
      const skipEndpoints = new Set(options.skip?.endpoints ?? []);
      const skipWorkspaces = new Set(options.skip?.workspaces ?? []);
      const due = this.tables.webhookMessages
        .filter(
          ({ message, leasedUntil: until }) =>
            message.status === 'pending' &&
            message.nextAttemptAt !== null &&
            message.nextAttemptAt <= now &&
            (until === null || until <= now) &&
            !skipEndpoints.has(message.endpointId) &&
            !skipWorkspaces.has(message.workspaceId) &&
            this.tables.webhookEndpoints.get(message.endpointId)?.enabled === true,
        )
        .sort(
          (a, b) => (a.message.nextAttemptAt?.getTime() ?? 0) - (b.message.nextAttemptAt?.getTime() ?? 0),
        );
      // Ranks within each endpoint and workspace, as the PostgreSQL adapter's window functions.
      const byEndpoint = new Map<string, number>();
      const byWorkspace = new Map<string, number>();
      const ranked = due.flatMap((row) => {
        const endpointRank = (byEndpoint.get(row.message.endpointId) ?? 0) + 1;
        const workspaceRank = (byWorkspace.get(row.message.workspaceId) ?? 0) + 1;
        byEndpoint.set(row.message.endpointId, endpointRank);
        byWorkspace.set(row.message.workspaceId, workspaceRank);
        const within =
          endpointRank <= (options.perEndpoint ?? options.limit) &&
          workspaceRank <= (options.perWorkspace ?? options.limit);
        return within ? [{ row, workspaceRank }] : [];
      });
      const leased = ranked
        .sort((a, b) => a.workspaceRank - b.workspaceRank)
        .slice(0, options.limit)
        .map(({ row }) => row);
      for (const row of leased) this.tables.webhookMessages.put({ ...row, lease, leasedUntil });
      return leased.map(({ message }) => ({ message, lease }));
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
