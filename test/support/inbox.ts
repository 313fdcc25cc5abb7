import { MemoryEmailTransport } from '../../src/adapters/notifications/transports/memory-email-transport.ts';
import type { EmailTransport } from '../../src/application/notifications/ports/email-transport.ts';
import { api } from './api.ts';
import type { SignedUp, TestApp } from './test-app.ts';

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

/** Verifies `user`'s e-mail as its holder would: asks for a link, then follows it. */
export async function verifyEmailOf(app: TestApp, user: SignedUp): Promise<void> {
  const resend = await api(app, user, 'POST', '/api/auth/verify-email/resend');
  if (resend.status !== 202) throw new Error(`verify-email/resend answered ${resend.status}`);
  await app.container.cradle.emailDispatcher.drain();
  const token = tokenFrom(inboxOf(app.container.cradle), user.email, '/verify-email');
  const verified = await api(app, undefined, 'POST', '/api/auth/verify-email', { token });
  if (verified.status !== 204) throw new Error(`verify-email answered ${verified.status}`);
}
