import { type EmailContent, OutgoingEmail } from '../../domain/notifications/outgoing-email.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { EmailOutbox } from './ports/email-outbox.ts';

/** Puts an e-mail in the outbox, in the caller's transaction; the dispatcher sends it after the commit. */
export type QueueEmail = (content: EmailContent) => Promise<void>;

export function makeQueueEmail(deps: {
  emailOutbox: EmailOutbox;
  clock: Clock;
  ids: IdGenerator;
}): QueueEmail {
  return (content) => deps.emailOutbox.add(OutgoingEmail.queue(deps.ids.newId(), content, deps.clock.now()));
}
