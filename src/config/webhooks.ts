import { DEFAULT_RETRY_SCHEDULE_SECONDS } from '../domain/webhooks/webhook-message.ts';
import { type Input, type Settings, secondsList } from './settings.ts';

export interface WebhooksConfig {
  /** Outbound webhooks (CONTRACT section 8). */
  readonly outboundWebhooks: {
    /** Send to loopback, private, link-local and metadata addresses too: for local testing only. */
    readonly allowPrivate: boolean;
    /** Waits before each retry after a failed attempt (tests shorten them here, and only here). */
    readonly retryScheduleSeconds: readonly number[];
    /** How often the dispatcher looks for due messages (0: never, this instance only stores them). */
    readonly pollIntervalMs: number;
    /** Attempts in flight on one instance, in all, per endpoint and per workspace. */
    readonly concurrency: number;
    readonly perEndpoint: number;
    readonly perWorkspace: number;
    /** Failed attempts in a row that disable an endpoint (`failing`). */
    readonly disableAfterFailures: number;
  };
}

export const webhooksSettings: Settings<WebhooksConfig> = {
  properties: {
    OUTBOUND_WEBHOOKS_ALLOW_PRIVATE: {
      type: 'boolean',
      default: false,
      description:
        '`true` lets outbound webhooks reach loopback, private, link-local and metadata addresses: **for local testing only**',
    },
    OUTBOUND_WEBHOOK_RETRY_SCHEDULE: {
      type: 'string',
      pattern: '^\\d{1,6}(,\\d{1,6}){0,19}$',
      default: DEFAULT_RETRY_SCHEDULE_SECONDS.join(','),
      description:
        'seconds to wait before each retry of a failed outbound message (then `failed`); tests shorten it here',
      defaultText: '`5,300,1800,7200,18000,36000,36000`',
    },
    OUTBOUND_WEBHOOK_POLL_INTERVAL_MS: {
      type: 'integer',
      minimum: 0,
      maximum: 600000,
      default: 1000,
      description:
        "how often an instance's dispatcher looks for due outbound messages (`0`: this instance only stores them)",
    },
    OUTBOUND_WEBHOOK_CONCURRENCY: {
      type: 'integer',
      minimum: 1,
      maximum: 10000,
      default: 64,
      description: 'outbound attempts in flight on one instance; the next starts as soon as one ends',
    },
    OUTBOUND_WEBHOOK_PER_ENDPOINT: {
      type: 'integer',
      minimum: 1,
      maximum: 1000,
      default: 4,
      description: 'outbound attempts in flight on one instance per endpoint',
    },
    OUTBOUND_WEBHOOK_PER_WORKSPACE: {
      type: 'integer',
      minimum: 1,
      maximum: 10000,
      default: 16,
      description: 'outbound attempts in flight on one instance per workspace',
    },
    OUTBOUND_WEBHOOK_DISABLE_AFTER_FAILURES: {
      type: 'integer',
      minimum: 1,
      maximum: 100000,
      default: 100,
      description:
        'failed attempts in a row that disable an endpoint (`disabled_reason: "failing"`, audited `endpoint.disabled`)',
    },
  },
  read: (input: Input): WebhooksConfig => ({
    outboundWebhooks: {
      allowPrivate: input.OUTBOUND_WEBHOOKS_ALLOW_PRIVATE as boolean,
      retryScheduleSeconds: secondsList(input.OUTBOUND_WEBHOOK_RETRY_SCHEDULE),
      pollIntervalMs: input.OUTBOUND_WEBHOOK_POLL_INTERVAL_MS as number,
      concurrency: input.OUTBOUND_WEBHOOK_CONCURRENCY as number,
      perEndpoint: input.OUTBOUND_WEBHOOK_PER_ENDPOINT as number,
      perWorkspace: input.OUTBOUND_WEBHOOK_PER_WORKSPACE as number,
      disableAfterFailures: input.OUTBOUND_WEBHOOK_DISABLE_AFTER_FAILURES as number,
    },
  }),
};
