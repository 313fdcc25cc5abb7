import type { EmailTransport } from '../../../application/notifications/ports/email-transport.ts';
import type { EmailContent } from '../../../domain/notifications/outgoing-email.ts';

/** Keeps what it is given to send (`EMAIL_TRANSPORT=memory`): the inbox tests read links from. */
export class MemoryEmailTransport implements EmailTransport {
  readonly sent: EmailContent[] = [];
  /** Sends that fail before any succeeds again (a relay that is down). */
  failures = 0;

  async send(content: EmailContent): Promise<void> {
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error('the relay refused the message');
    }
    this.sent.push(content);
  }

  /** The e-mails sent to `to`, oldest first. */
  to(address: string): EmailContent[] {
    return this.sent.filter((email) => email.to === address);
  }
}
