import type { LinkedIdentityRepository } from '../../../application/identity/ports/linked-identity-repository.ts';
import { LinkedIdentity } from '../../../domain/identity/linked-identity.ts';
import { Conflict } from '../../../domain/kernel/errors.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { isUniqueViolation } from '../../platform/postgres/unique-violation.ts';

const COLUMNS = 'id, user_id, provider, subject, email, created_at';

interface LinkRow {
  id: string;
  user_id: string;
  provider: string;
  subject: string;
  email: string;
  created_at: Date | string;
}

const linkOf = (row: LinkRow) =>
  new LinkedIdentity({
    id: row.id,
    userId: row.user_id,
    provider: row.provider,
    subject: row.subject,
    email: row.email,
    createdAt: new Date(row.created_at),
  });

/** Linked identities in `linked_identities`; its two unique indexes settle concurrent first sign-ins. */
export class PostgresLinkedIdentityRepository implements LinkedIdentityRepository {
  readonly #db: PostgresDatabase;

  constructor({ db }: { db: PostgresDatabase }) {
    this.#db = db;
  }

  async findBySubject(provider: string, subject: string): Promise<LinkedIdentity | undefined> {
    const [row] = await this.#db.query<LinkRow>(
      `select ${COLUMNS} from linked_identities where provider = $1 and subject = $2`,
      [provider, subject],
    );
    return row && linkOf(row);
  }

  async isLinked(userId: string, provider: string): Promise<boolean> {
    const rows = await this.#db.query(
      'select 1 from linked_identities where user_id = $1 and provider = $2',
      [userId, provider],
    );
    return rows.length > 0;
  }

  async add(l: LinkedIdentity): Promise<void> {
    try {
      await this.#db.query(`insert into linked_identities (${COLUMNS}) values ($1, $2, $3, $4, $5, $6)`, [
        l.id,
        l.userId,
        l.provider,
        l.subject,
        l.email,
        l.createdAt,
      ]);
    } catch (error) {
      if (isUniqueViolation(error)) throw new Conflict('that identity or account is linked already');
      throw error;
    }
  }

  async listForUser(userId: string): Promise<LinkedIdentity[]> {
    const rows = await this.#db.query<LinkRow>(
      `select ${COLUMNS} from linked_identities where user_id = $1 order by created_at, id`,
      [userId],
    );
    return rows.map(linkOf);
  }
}
