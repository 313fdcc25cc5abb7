import type { TwoFactorRepository } from '../../../application/identity/ports/two-factor-repository.ts';
import { TwoFactor } from '../../../domain/identity/two-factor.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';

interface TwoFactorRow {
  user_id: string;
  sealed_secret: string;
  enabled_at: Date | string | null;
  last_used_step: string | number | null;
  recovery_code_hashes: string[];
  created_at: Date | string;
}

/** Second factors in `user_two_factor`; every spend is one conditional update, so a code counts once. */
export class PostgresTwoFactorRepository implements TwoFactorRepository {
  readonly #db: PostgresDatabase;

  constructor({ db }: { db: PostgresDatabase }) {
    this.#db = db;
  }

  async findByUser(userId: string): Promise<TwoFactor | undefined> {
    const [row] = await this.#db.query<TwoFactorRow>(
      `select user_id, sealed_secret, enabled_at, last_used_step, recovery_code_hashes, created_at
         from user_two_factor where user_id = $1`,
      [userId],
    );
    return row && toTwoFactor(row);
  }

  async putPending(t: TwoFactor): Promise<boolean> {
    const rows = await this.#db.query(
      `insert into user_two_factor (user_id, sealed_secret, created_at) values ($1, $2, $3)
       on conflict (user_id) do update
         set sealed_secret = excluded.sealed_secret, created_at = excluded.created_at,
             last_used_step = null, recovery_code_hashes = '{}'
         where user_two_factor.enabled_at is null
       returning user_id`,
      [t.userId, t.sealedSecret, t.createdAt],
    );
    return rows.length > 0;
  }

  async enable(
    userId: string,
    sealedSecret: string,
    step: number,
    recoveryCodeHashes: readonly string[],
    at: Date,
  ): Promise<boolean> {
    const rows = await this.#db.query(
      `update user_two_factor set enabled_at = $3, last_used_step = $4, recovery_code_hashes = $5
        where user_id = $1 and sealed_secret = $2 and enabled_at is null
       returning user_id`,
      [userId, sealedSecret, at, step, [...recoveryCodeHashes]],
    );
    return rows.length > 0;
  }

  async useStep(userId: string, step: number): Promise<boolean> {
    const rows = await this.#db.query(
      `update user_two_factor set last_used_step = $2
        where user_id = $1 and enabled_at is not null and (last_used_step is null or last_used_step < $2)
       returning user_id`,
      [userId, step],
    );
    return rows.length > 0;
  }

  async useRecoveryCode(userId: string, hash: string): Promise<number | undefined> {
    const [row] = await this.#db.query<{ remaining: number }>(
      `update user_two_factor set recovery_code_hashes = array_remove(recovery_code_hashes, $2)
        where user_id = $1 and enabled_at is not null and $2 = any (recovery_code_hashes)
       returning cardinality(recovery_code_hashes) as remaining`,
      [userId, hash],
    );
    return row?.remaining;
  }

  async remove(userId: string): Promise<boolean> {
    const rows = await this.#db.query('delete from user_two_factor where user_id = $1 returning user_id', [
      userId,
    ]);
    return rows.length > 0;
  }
}

function toTwoFactor(row: TwoFactorRow): TwoFactor {
  return new TwoFactor({
    userId: row.user_id,
    sealedSecret: row.sealed_secret,
    enabledAt: row.enabled_at === null ? null : new Date(row.enabled_at),
    lastUsedStep: row.last_used_step === null ? null : Number(row.last_used_step),
    recoveryCodeHashes: row.recovery_code_hashes,
    createdAt: new Date(row.created_at),
  });
}
