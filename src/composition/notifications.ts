import { readFileSync } from 'node:fs';
import { EmailDispatcher } from '../adapters/notifications/email-dispatcher.ts';
import { InMemoryEmailOutbox } from '../adapters/notifications/memory/in-memory-email-outbox.ts';
import { PostgresEmailOutbox } from '../adapters/notifications/postgres/postgres-email-outbox.ts';
import { LogEmailTransport } from '../adapters/notifications/transports/log-email-transport.ts';
import { MemoryEmailTransport } from '../adapters/notifications/transports/memory-email-transport.ts';
import { SmtpEmailTransport } from '../adapters/notifications/transports/smtp-email-transport.ts';
import { AesGcmSecretBox } from '../adapters/platform/crypto/aes-gcm-secret-box.ts';
import { type DispatchEmails, makeDispatchEmails } from '../application/notifications/dispatch-emails.ts';
import type { EmailSettings } from '../application/notifications/email-settings.ts';
import type { EmailOutbox } from '../application/notifications/ports/email-outbox.ts';
import type { EmailTransport } from '../application/notifications/ports/email-transport.ts';
import { makeQueueEmail, type QueueEmail } from '../application/notifications/queue-email.ts';
import type { Area } from './area.ts';
import type { ThroughAudit } from './audit.ts';
import { adaptersFor } from './persistence.ts';
import { registrar } from './registration.ts';

const BATCH_SIZE = 50;
/** Longer than an SMTP send may take (its socket timeout is 20 s): a lease never runs out mid-send. */
const LEASE_SECONDS = 60;

/**
 * E-mail: the outbox later areas queue into in their own transaction, the transport `EMAIL_TRANSPORT` chose,
 * and the dispatcher that sends after the commit. Placed before identity, its first user.
 */
export interface NotificationsCradle {
  emailOutbox: EmailOutbox;
  emailTransport: EmailTransport;
  emailSettings: EmailSettings;
  emailDispatcher: EmailDispatcher;
  queueEmail: QueueEmail;
  dispatchEmails: DispatchEmails;
}

export type ThroughNotifications = ThroughAudit & NotificationsCradle;

const { singleton, value } = registrar<ThroughNotifications>();
const { stored } = adaptersFor<ThroughNotifications>();

export const notifications: Area<NotificationsCradle, ThroughNotifications> = {
  name: 'notifications',
  register: ({ config, persistence }) => {
    const settings = config.email;
    const transports = {
      log: ({ logger }: ThroughNotifications) => new LogEmailTransport({ logger }),
      memory: () => new MemoryEmailTransport(),
      smtp: () =>
        new SmtpEmailTransport({
          url: settings.smtpUrl ?? '',
          from: settings.from,
          caPem: settings.smtpCaFile && readFileSync(settings.smtpCaFile, 'utf8'),
        }),
    };
    return {
      emailOutbox: singleton(
        stored(persistence, {
          postgres: ({ db }, { masterKey }) =>
            new PostgresEmailOutbox({ db, secretBox: new AesGcmSecretBox({ masterKey }) }),
          memory: (store) => new InMemoryEmailOutbox({ store }),
        }),
      ),
      emailTransport: singleton<EmailTransport>(transports[settings.transport], (transport) =>
        transport instanceof SmtpEmailTransport ? transport.close() : undefined,
      ),
      emailSettings: value({
        retryScheduleSeconds: settings.retryScheduleSeconds,
        batchSize: BATCH_SIZE,
        leaseSeconds: LEASE_SECONDS,
      }),
      emailDispatcher: singleton(
        ({ dispatchEmails, logger }) =>
          new EmailDispatcher({
            dispatchEmails,
            logger,
            intervalMs: settings.pollIntervalMs,
            batchSize: BATCH_SIZE,
          }),
        (dispatcher) => dispatcher.stop(),
      ),
      queueEmail: singleton(makeQueueEmail),
      dispatchEmails: singleton(makeDispatchEmails),
    };
  },
  jobs: ({ emailDispatcher }) => [emailDispatcher],
};
