import type { UserRepository } from '../../../application/identity/ports/user-repository.ts';
import { User } from '../../../domain/identity/user.ts';
import { Conflict } from '../../../domain/kernel/errors.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { isUniqueViolation } from '../../platform/postgres/unique-violation.ts';

interface UserRow {
  readonly id: string;
  readonly username: string;
  readonly email: string;
  readonly display_name: string;
  readonly password_hash: string;
  readonly disabled: boolean;
  readonly security_epoch: number;
  readonly email_verified_at: string | null;
  readonly created_at: string;
}

const COLUMNS =
  'id, username, email, display_name, password_hash, disabled, security_epoch, email_verified_at, created_at';

/** Users in the `users` table (SQL: login and /me read them on every call, and hydration would cost more). */
export class PostgresUserRepository implements UserRepository {
  readonly #db: PostgresDatabase;

  constructor({ db }: { db: PostgresDatabase }) {
    this.#db = db;
  }

  findByLogin(login: string): Promise<User | undefined> {
    return this.#one('username = $1 or email = $1', login);
  }

  findById(id: string): Promise<User | undefined> {
    return this.#one('id = $1', id);
  }

  async isLoginTaken(value: string): Promise<boolean> {
    const rows = await this.#db.query('select 1 from users where username = $1 or email = $1 limit 1', [
      value,
    ]);
    return rows.length > 0;
  }

  async create(user: User): Promise<void> {
    try {
      await this.#db.query(`insert into users (${COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, [
        user.id,
        user.username,
        user.email,
        user.displayName,
        user.passwordHash,
        user.disabled,
        user.securityEpoch,
        user.emailVerifiedAt,
        user.createdAt,
      ]);
    } catch (error) {
      if (isUniqueViolation(error)) throw new Conflict('that username or e-mail is already taken');
      throw error;
    }
  }

  async rehashPassword(userId: string, securityEpoch: number, passwordHash: string): Promise<void> {
    await this.#db.query('update users set password_hash = $1 where id = $2 and security_epoch = $3', [
      passwordHash,
      userId,
      securityEpoch,
    ]);
  }

  async changePassword(userId: string, passwordHash: string): Promise<void> {
    await this.#db.query(
      'update users set password_hash = $1, security_epoch = security_epoch + 1 where id = $2',
      [passwordHash, userId],
    );
  }

  async setDisabled(userId: string, disabled: boolean): Promise<void> {
    await this.#db.query(
      'update users set disabled = $1, security_epoch = security_epoch + 1 where id = $2',
      [disabled, userId],
    );
  }

  async markEmailVerified(userId: string, email: string, at: Date): Promise<boolean> {
    const rows = await this.#db.query(
      'update users set email_verified_at = $3 where id = $1 and email = $2 returning id',
      [userId, email, at],
    );
    return rows.length > 0;
  }

  async list(): Promise<User[]> {
    const rows = await this.#db.query<UserRow>(`select ${COLUMNS} from users order by created_at, id`);
    return rows.map(toUser);
  }

  async #one(where: string, value: string): Promise<User | undefined> {
    const [row] = await this.#db.query<UserRow>(`select ${COLUMNS} from users where ${where} limit 1`, [
      value,
    ]);
    return row && toUser(row);
  }
}

function toUser(row: UserRow): User {
  return new User({
    id: row.id,
    username: row.username,
    email: row.email,
    displayName: row.display_name,
    passwordHash: row.password_hash,
    disabled: row.disabled,
    securityEpoch: row.security_epoch,
    emailVerifiedAt: row.email_verified_at === null ? null : new Date(row.email_verified_at),
    createdAt: new Date(row.created_at),
  });
}
