import type { AccountTokenRepository } from '../../../application/identity/ports/account-token-repository.ts';
import { AccountToken, type AccountTokenPurpose } from '../../../domain/identity/account-token.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';

const COLUMNS = 'id, user_id, purpose, token_hash, email, created_at, expires_at, used_at';

interface TokenRow {
  id: string;
  user_id: string;
  purpose: AccountTokenPurpose;
  token_hash: string;
  email: string;
  created_at: Date | string;
  expires_at: Date | string;
  used_at: Date | string | null;
}

/** Account tokens in `account_tokens`; a token is spent by one conditional update, so it is used once. */
export class PostgresAccountTokenRepository implements AccountTokenRepository {
  readonly #db: PostgresDatabase;

  constructor({ db }: { db: PostgresDatabase }) {
    this.#db = db;
  }

  async add(t: AccountToken): Promise<void> {
    await this.#db.query(`insert into account_tokens (${COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7, $8)`, [
      t.id,
      t.userId,
      t.purpose,
      t.tokenHash,
      t.email,
      t.createdAt,
      t.expiresAt,
      t.usedAt,
    ]);
  }

  async discardAll(userId: string, purpose: AccountTokenPurpose, now: Date): Promise<void> {
    await this.#db.query(
      'update account_tokens set used_at = $3 where user_id = $1 and purpose = $2 and used_at is null',
      [userId, purpose, now],
    );
  }

  async consume(
    purpose: AccountTokenPurpose,
    tokenHash: string,
    now: Date,
  ): Promise<AccountToken | undefined> {
    const [row] = await this.#db.query<TokenRow>(
      `update account_tokens set used_at = $3
        where token_hash = $2 and purpose = $1 and used_at is null and expires_at > $3
        returning ${COLUMNS}`,
      [purpose, tokenHash, now],
    );
    return (
      row &&
      new AccountToken({
        id: row.id,
        userId: row.user_id,
        purpose: row.purpose,
        tokenHash: row.token_hash,
        email: row.email,
        createdAt: new Date(row.created_at),
        expiresAt: new Date(row.expires_at),
        usedAt: row.used_at === null ? null : new Date(row.used_at),
      })
    );
  }
}
