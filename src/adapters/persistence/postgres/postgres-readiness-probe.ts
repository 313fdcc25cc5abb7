import type { ReadinessProbe } from '../../../application/ports/readiness-probe.ts';
import type { Orm } from './orm.ts';

export class PostgresReadinessProbe implements ReadinessProbe {
  readonly #orm: Orm;

  constructor({ orm }: { orm: Orm }) {
    this.#orm = orm;
  }

  async check(): Promise<void> {
    await this.#orm.em.getConnection().execute('select 1', [], 'get');
  }
}
