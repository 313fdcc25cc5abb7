import { CountedAuditLog } from '../adapters/audit/counted-audit-log.ts';
import { InMemoryAuditEvents } from '../adapters/audit/in-memory-audit-events.ts';
import { InMemoryAuditLog } from '../adapters/audit/in-memory-audit-log.ts';
import { inMemoryAuditPurge } from '../adapters/audit/in-memory-audit-purge.ts';
import { PostgresAuditEvents } from '../adapters/audit/postgres-audit-events.ts';
import { PostgresAuditLog } from '../adapters/audit/postgres-audit-log.ts';
import { postgresAuditPurge } from '../adapters/audit/postgres-audit-purge.ts';
import type { AuditEvents } from '../application/audit/ports/audit-events.ts';
import type { AuditLog } from '../application/audit/ports/audit-log.ts';
import type { RetentionPurge } from '../application/kernel/ports/retention-purge.ts';
import type { Area } from './area.ts';
import { adaptersFor } from './persistence.ts';
import { registrar } from './registration.ts';
import type { ThroughSystem } from './system.ts';

/** The security audit log every area writes to, in the transaction of the change it records. */
export interface AuditCradle {
  auditLog: AuditLog;
  /** Reads the log: a workspace's events, a person's own (the audit API). */
  auditEvents: AuditEvents;
  /** Retention of the log itself. */
  auditPurge: RetentionPurge;
}

export type ThroughAudit = ThroughSystem & AuditCradle;

const { singleton } = registrar<ThroughAudit>();
const { stored } = adaptersFor<ThroughAudit>();

export const audit: Area<AuditCradle, ThroughAudit> = {
  name: 'audit',
  register: ({ persistence }) => ({
    auditLog: singleton((deps) => {
      const log = stored(persistence, {
        postgres: ({ db }, { logger, clock }) => new PostgresAuditLog({ db, logger, clock }),
        memory: (store, { logger, clock }) => new InMemoryAuditLog({ store, clock, logger }),
      })(deps);
      // Counted only when metrics are on: the log is then the decorator, not the adapter it wraps.
      return deps.config.metrics.port === undefined ? log : new CountedAuditLog(log, deps.metrics);
    }),
    auditEvents: singleton(
      stored(persistence, {
        postgres: ({ db }) => new PostgresAuditEvents({ db }),
        memory: (store) => new InMemoryAuditEvents({ store }),
      }),
    ),
    auditPurge: singleton(
      stored(persistence, {
        postgres: ({ db }) => postgresAuditPurge(db),
        memory: (store) => inMemoryAuditPurge(store),
      }),
    ),
  }),
  retention: ({ auditPurge }) => [auditPurge],
  // Resolving the log declares its counter.
  metrics: ({ auditLog }) => void auditLog,
};
