import { DEFAULT_EMAIL_RETRY_SCHEDULE_SECONDS } from '../domain/notifications/outgoing-email.ts';
import { ConfigError, type Input, type Settings, secondsList } from './settings.ts';

export interface NotificationsConfig {
  /** E-mail delivery (verification, password reset): how it leaves, from whom, how it is retried. */
  readonly email: {
    /** `log`: into the server log (links included); `smtp`: through SMTP_URL; `memory`: kept for tests. */
    readonly transport: 'log' | 'smtp' | 'memory';
    readonly smtpUrl: string | undefined;
    /** A PEM file of the CA a private relay's certificate is checked against (besides the system's). */
    readonly smtpCaFile: string | undefined;
    readonly from: string;
    readonly retryScheduleSeconds: readonly number[];
    /** How often the dispatcher looks for e-mails to send (0: never, this instance only stores them). */
    readonly pollIntervalMs: number;
  };
}

export const notificationsSettings: Settings<NotificationsConfig> = {
  properties: {
    EMAIL_TRANSPORT: {
      enum: ['log', 'smtp', 'memory'],
      default: 'log',
      description:
        '`log` (into the server log, links included: for a local server), `smtp` or `memory` (tests)',
    },
    SMTP_URL: {
      type: 'string',
      pattern: '^smtps?://\\S+$',
      description:
        '`smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`; required with `EMAIL_TRANSPORT=smtp`; never echoed',
    },
    SMTP_CA_FILE: {
      type: 'string',
      minLength: 1,
      description:
        "a PEM file of the CA a private relay's certificate is checked against (besides the system's)",
    },
    EMAIL_FROM: {
      type: 'string',
      minLength: 3,
      maxLength: 320,
      default: 'Platform <no-reply@localhost>',
      description: 'the sender of every e-mail',
    },
    EMAIL_RETRY_SCHEDULE: {
      type: 'string',
      pattern: '^\\d{1,6}(,\\d{1,6}){0,19}$',
      default: DEFAULT_EMAIL_RETRY_SCHEDULE_SECONDS.join(','),
      description:
        'seconds to wait before each retry of a refused send (then the e-mail is given up and erased)',
    },
    EMAIL_POLL_INTERVAL_MS: {
      type: 'integer',
      minimum: 0,
      maximum: 600000,
      default: 1000,
      description:
        "how often an instance's e-mail dispatcher looks for due e-mails (`0`: this instance only queues them)",
    },
  },
  secrets: ['SMTP_URL'],
  read: (input: Input): NotificationsConfig => {
    if (input.EMAIL_TRANSPORT === 'smtp' && !input.SMTP_URL) {
      throw new ConfigError('invalid configuration: EMAIL_TRANSPORT=smtp needs SMTP_URL');
    }
    return {
      email: {
        transport: input.EMAIL_TRANSPORT as NotificationsConfig['email']['transport'],
        smtpUrl: input.SMTP_URL as string | undefined,
        smtpCaFile: input.SMTP_CA_FILE as string | undefined,
        from: input.EMAIL_FROM as string,
        retryScheduleSeconds: secondsList(input.EMAIL_RETRY_SCHEDULE),
        pollIntervalMs: input.EMAIL_POLL_INTERVAL_MS as number,
      },
    };
  },
};
