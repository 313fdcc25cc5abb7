import type { Logger } from 'pino';
import type { EmailTransport } from '../../../application/notifications/ports/email-transport.ts';
import type { EmailContent } from '../../../domain/notifications/outgoing-email.ts';

/**
 * Writes each e-mail's text to the server log instead of sending it (`EMAIL_TRANSPORT=log`, the default):
 * a newcomer running the server can follow a verification or reset link from the log. By design this puts
 * single-use links in the log; a deployment that sends real e-mail uses `smtp`.
 */
export class LogEmailTransport implements EmailTransport {
  readonly #logger: Logger;

  constructor({ logger }: { logger: Logger }) {
    this.#logger = logger;
  }

  async send({ to, subject, text }: EmailContent): Promise<void> {
    this.#logger.info({ email: { to, subject, text } }, `e-mail to ${to} (EMAIL_TRANSPORT=log): ${subject}`);
  }
}
