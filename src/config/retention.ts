import type { RetentionDays } from '../domain/kernel/retention.ts';
import type { Input, Settings } from './settings.ts';

export interface RetentionConfig {
  /** How long finished rows are kept, per table, and how the periodic purge goes. */
  readonly retention: {
    /** The instance's defaults; a workspace may set its own for all but sessions. */
    readonly days: RetentionDays;
    /** How often each instance purges (0: never on this instance). */
    readonly intervalSeconds: number;
    /** Rows per statement (each its own short transaction). */
    readonly batchSize: number;
  };
}

/** One retention job purges every area's rows (each area names its kinds), so its settings are one table. */
export const retentionSettings: Settings<RetentionConfig> = {
  properties: {
    RETENTION_SESSIONS_DAYS: {
      type: 'integer',
      minimum: 1,
      maximum: 3650,
      default: 30,
      description:
        'login and browser sessions are deleted this many days after they ended (revoked or expired); a session in use never is',
    },
    RETENTION_IDEMPOTENCY_KEYS_DAYS: {
      type: 'integer',
      minimum: 1,
      maximum: 3650,
      default: 7,
      description:
        "webhook deliveries' idempotency keys are forgotten this many days after receipt (at least 1: they answer duplicates for 24 h); a workspace may set its own",
    },
    RETENTION_DELIVERY_BODIES_DAYS: {
      type: 'integer',
      minimum: 1,
      maximum: 3650,
      default: 30,
      description:
        'raw webhook bodies are dropped, and the log entries of duplicate and rejected deliveries deleted, this many days after receipt; a workspace may set its own',
    },
    RETENTION_RUNS_DAYS: {
      type: 'integer',
      minimum: 0,
      maximum: 3650,
      default: 90,
      description:
        'finished runs (succeeded, failed, cancelled) are deleted with their events this many days after they finished; a queued or running run never is (`0`: kept); a workspace may set its own',
    },
    RETENTION_FILES_DAYS: {
      type: 'integer',
      minimum: 0,
      maximum: 3650,
      default: 0,
      description:
        'files are deleted with their bytes this many days after upload, and finished exports this many days after they finished (`0`: kept); a workspace may set its own',
    },
    RETENTION_AUDIT_DAYS: {
      type: 'integer',
      minimum: 365,
      maximum: 3650,
      default: 365,
      description:
        'audit events are deleted this many days after they happened (at least 365); a workspace may set its own',
    },
    RETENTION_INTERVAL_SECONDS: {
      type: 'integer',
      minimum: 0,
      maximum: 86400,
      default: 3600,
      description:
        'how often an instance applies retention (`0`: never on this instance); instances running it at once split the rows, and each records `retention.purged` in the audit log',
    },
    RETENTION_BATCH_SIZE: {
      type: 'integer',
      minimum: 1,
      maximum: 100000,
      default: 1000,
      description:
        'rows retention deletes per statement, each its own short transaction, so no lock is held long',
    },
  },
  read: (input: Input): RetentionConfig => ({
    retention: {
      days: {
        sessions: input.RETENTION_SESSIONS_DAYS as number,
        idempotency_keys: input.RETENTION_IDEMPOTENCY_KEYS_DAYS as number,
        delivery_bodies: input.RETENTION_DELIVERY_BODIES_DAYS as number,
        runs: input.RETENTION_RUNS_DAYS as number,
        files: input.RETENTION_FILES_DAYS as number,
        audit: input.RETENTION_AUDIT_DAYS as number,
      },
      intervalSeconds: input.RETENTION_INTERVAL_SECONDS as number,
      batchSize: input.RETENTION_BATCH_SIZE as number,
    },
  }),
};
