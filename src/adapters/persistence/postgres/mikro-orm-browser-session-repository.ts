import type { BrowserSessionRepository } from '../../../application/ports/browser-session-repository.ts';
import { BrowserSession } from '../../../domain/browser/browser-session.ts';
import type { PostgresDatabase } from './postgres-database.ts';

/** Browser sessions through MikroORM (`BrowserSessionSchema`): plain rows of one table, queried by criteria. */
export class MikroOrmBrowserSessionRepository implements BrowserSessionRepository {
  readonly #db: PostgresDatabase;

  constructor({ db }: { db: PostgresDatabase }) {
    this.#db = db;
  }

  /** In SQL: the insert is conditional on the user's row, locked FOR SHARE as for API login sessions. */
  async create(session: BrowserSession): Promise<boolean> {
    const s = session;
    const inserted = await this.#db.query(
      `insert into browser_sessions (id, user_id, user_epoch, token_hash, csrf_token, created_at, last_seen_at,
          expires_at, user_agent, ip)
        select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10
          from users where id = $2 and security_epoch = $3 and not disabled
          for share
        returning id`,
      [
        s.id,
        s.userId,
        s.userEpoch,
        s.tokenHash,
        s.csrfToken,
        s.createdAt,
        s.lastSeenAt,
        s.expiresAt,
        s.userAgent,
        s.ip,
      ],
    );
    return inserted.length === 1;
  }

  async findByTokenHash(tokenHash: string): Promise<BrowserSession | undefined> {
    return (await this.#db.entityManager().findOne(BrowserSession, { tokenHash })) ?? undefined;
  }

  async touch(id: string, now: Date): Promise<void> {
    await this.#db.entityManager().nativeUpdate(BrowserSession, { id }, { lastSeenAt: now });
  }

  async deleteForUser(userId: string, id: string): Promise<boolean> {
    return (await this.#db.entityManager().nativeDelete(BrowserSession, { id, userId })) === 1;
  }

  async deleteAllForUser(userId: string, keepId?: string): Promise<number> {
    return this.#db.entityManager().nativeDelete(BrowserSession, {
      userId,
      ...(keepId ? { id: { $ne: keepId } } : {}),
    });
  }

  async deleteEndedForUser(userId: string, now: Date, lastSeenBefore: Date): Promise<number> {
    return this.#db.entityManager().nativeDelete(BrowserSession, {
      userId,
      $or: [{ expiresAt: { $lte: now } }, { lastSeenAt: { $lt: lastSeenBefore } }],
    });
  }

  async listForUser(userId: string, now: Date): Promise<BrowserSession[]> {
    return this.#db
      .entityManager()
      .find(
        BrowserSession,
        { userId, expiresAt: { $gt: now } },
        { orderBy: { createdAt: 'desc', id: 'desc' }, limit: 200 },
      );
  }
}
