import type { ReadinessProbe } from '../../application/system/ports/readiness-probe.ts';
import type { PostgresDatabase } from '../platform/postgres/postgres-database.ts';

export class PostgresReadinessProbe implements ReadinessProbe {
  readonly #db: PostgresDatabase;

  constructor({ db }: { db: PostgresDatabase }) {
    this.#db = db;
  }

  async check(): Promise<void> {
    await this.#db.query('select 1');
  }
}
