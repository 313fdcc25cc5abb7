import { MemoryEmailTransport } from '../../src/adapters/notifications/transports/memory-email-transport.ts';
import type { EmailTransport } from '../../src/application/notifications/ports/email-transport.ts';

/** The memory transport tests wire (EMAIL_TRANSPORT=memory), to read what the dispatcher sent. */
export function inboxOf(app: { emailTransport: EmailTransport }): MemoryEmailTransport {
  if (!(app.emailTransport instanceof MemoryEmailTransport)) throw new Error('EMAIL_TRANSPORT is not memory');
  return app.emailTransport;
}

/** The token of the newest e-mail to `to` whose link goes to `path` (after the dispatcher ran). */
export function tokenFrom(inbox: MemoryEmailTransport, to: string, path: string): string {
  const email = inbox.to(to).findLast((e) => e.text.includes(`${path}?token=`));
  const token = email?.text.match(new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`))?.[1];
  if (!token) throw new Error(`no e-mail to ${to} with a ${path} link`);
  return token;
}
