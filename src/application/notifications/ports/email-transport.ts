import type { EmailContent } from '../../../domain/notifications/outgoing-email.ts';

/** Hands an e-mail to the world (an SMTP relay, the server log, a test's inbox). */
export interface EmailTransport {
  /**
   * Sends `content` from the configured sender; resolves once the relay accepted it, rejects when it did
   * not (the outbox retries). Adapters never put the content into an error message.
   */
  send(content: EmailContent): Promise<void>;
}
