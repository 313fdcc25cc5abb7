import { ConfigError, type Input, type Settings } from './settings.ts';

/** The rate-limit counters' store and the budget of every `/api/*` request (areas set their own budgets). */
export interface ThrottlingConfig {
  readonly rateLimitStore: 'postgres' | 'redis' | 'memory';
  /** Per client address, per minute. */
  readonly apiRateLimit: number;
  /** Answers through feedback links (no credentials), per client address, per minute. */
  readonly feedbackLinkRateLimit: number;
  readonly redisUrl: string;
}

export const throttlingSettings: Settings<ThrottlingConfig> = {
  properties: {
    // Default: `postgres` with PERSISTENCE=postgres, `memory` with PERSISTENCE=memory.
    RATE_LIMIT_STORE: {
      enum: ['postgres', 'redis', 'memory'],
      description:
        '`postgres` (shared by instances), `redis` or `memory`; a failing store falls back to per-process memory',
      defaultText: '`postgres` (`memory` with `PERSISTENCE=memory`)',
    },
    API_RATE_LIMIT_PER_MINUTE: {
      type: 'integer',
      minimum: 1,
      maximum: 10000000,
      default: 1200,
      description:
        'every `/api/*` request per client address per minute, per instance, announced in `RateLimit-Policy`/`RateLimit` headers (429 with `Retry-After` beyond)',
    },
    FEEDBACK_LINK_RATE_LIMIT_PER_MINUTE: {
      type: 'integer',
      minimum: 1,
      maximum: 10000000,
      default: 20,
      description:
        'answers through feedback links (`POST /api/feedback/links/…`, no credentials) per client address per minute, shared by instances through `RATE_LIMIT_STORE` (429 with `Retry-After` beyond)',
    },
    REDIS_URL: {
      type: 'string',
      pattern: '^rediss?://\\S+$',
      default: 'redis://127.0.0.1:6379',
      description: 'used when `RATE_LIMIT_STORE=redis`',
    },
  },
  secrets: ['REDIS_URL'],
  read: (input: Input, platform): ThrottlingConfig => {
    const rateLimitStore = (input.RATE_LIMIT_STORE ??
      platform.persistence) as ThrottlingConfig['rateLimitStore'];
    if (rateLimitStore === 'postgres' && platform.persistence === 'memory') {
      throw new ConfigError('invalid configuration: RATE_LIMIT_STORE=postgres needs PERSISTENCE=postgres');
    }
    return {
      rateLimitStore,
      apiRateLimit: input.API_RATE_LIMIT_PER_MINUTE as number,
      feedbackLinkRateLimit: input.FEEDBACK_LINK_RATE_LIMIT_PER_MINUTE as number,
      redisUrl: input.REDIS_URL as string,
    };
  },
};
