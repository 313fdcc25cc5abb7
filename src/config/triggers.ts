import type { Input, Settings } from './settings.ts';

export interface TriggersConfig {
  /** Webhook ingest and the delivery log. */
  readonly webhooks: {
    /** Deliveries per trigger (per webhook path) per minute; 429 with Retry-After beyond. */
    readonly rateLimitPerMinute: number;
    /** The most deliveries one ingest transaction commits together (group commit; 1: one per transaction). */
    readonly intakeBatchMax: number;
    /**
     * How often an instance adds the deliveries it counted to the shared rate-limit store, in milliseconds
     * (0: every delivery is counted in the store before it is answered).
     */
    readonly rateLimitSyncMs: number;
  };
}

export const triggersSettings: Settings<TriggersConfig> = {
  properties: {
    WEBHOOK_RATE_LIMIT_PER_MINUTE: {
      type: 'integer',
      minimum: 1,
      maximum: 10000000,
      default: 600,
      description:
        'deliveries per webhook path per minute, counted in `RATE_LIMIT_STORE` (429 with `Retry-After` beyond; unknown paths have a budget too)',
    },
    WEBHOOK_INTAKE_BATCH_MAX: {
      type: 'integer',
      minimum: 1,
      maximum: 1000,
      default: 128,
      description:
        'group commit: the deliveries that arrive while an ingest transaction is committing are stored together in the next one, at most this many (`1`: one transaction per delivery); each is answered 202 only once its own transaction committed',
    },
    WEBHOOK_RATE_LIMIT_SYNC_MS: {
      type: 'integer',
      minimum: 0,
      maximum: 10000,
      default: 200,
      description:
        "on a shared `RATE_LIMIT_STORE` (`postgres`, `redis`), each instance counts webhook deliveries in memory and adds its counts to the store this often, learning the deployment's totals; `0` counts each delivery in the store before answering it. Default on: the per-delivery store write (on PostgreSQL an upsert and a commit) cost more than the delivery's own commit, and the budget is a fairness limit, not a security boundary. An instance alone never admits past the budget; N instances may over-admit by what the others admitted since their last sync (at most (N-1) x one interval's traffic on a path, never more than (N-1) x the budget)",
    },
  },
  read: (input: Input): TriggersConfig => ({
    webhooks: {
      rateLimitPerMinute: input.WEBHOOK_RATE_LIMIT_PER_MINUTE as number,
      intakeBatchMax: input.WEBHOOK_INTAKE_BATCH_MAX as number,
      rateLimitSyncMs: input.WEBHOOK_RATE_LIMIT_SYNC_MS as number,
    },
  }),
};
