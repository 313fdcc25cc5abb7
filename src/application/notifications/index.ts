// What later areas may use of notifications: queueing an e-mail in their own transaction.
export type { EmailContent } from '../../domain/notifications/outgoing-email.ts';
export type { QueueEmail } from './queue-email.ts';
