import type { PostgresDatabase } from './postgres-database.ts';

/** What every repository of `{ db }` holds: the database its statements run on (and whose transaction they join). */
export abstract class PostgresRepository {
  protected readonly db: PostgresDatabase;

  constructor({ db }: { db: PostgresDatabase }) {
    this.db = db;
  }
}
