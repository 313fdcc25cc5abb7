import { InMemoryAuditLog } from '../adapters/audit/in-memory-audit-log.ts';
import { PostgresAuditLog } from '../adapters/audit/postgres-audit-log.ts';
import type { AuditLog } from '../application/audit/ports/audit-log.ts';
import type { Area } from './area.ts';
import { adaptersFor } from './persistence.ts';
import { registrar } from './registration.ts';
import type { ThroughSystem } from './system.ts';

/** The security audit log every area writes to, in the transaction of the change it records. */
export interface AuditCradle {
  auditLog: AuditLog;
}

export type ThroughAudit = ThroughSystem & AuditCradle;

const { singleton } = registrar<ThroughAudit>();
const { stored } = adaptersFor<ThroughAudit>();

export const audit: Area<AuditCradle, ThroughAudit> = {
  name: 'audit',
  register: ({ persistence }) => ({
    auditLog: singleton(
      stored(persistence, {
        postgres: ({ db }, { logger, clock }) => new PostgresAuditLog({ db, logger, clock }),
        memory: (store, { logger, clock }) => new InMemoryAuditLog({ store, clock, logger }),
      }),
    ),
  }),
};
