import type { BrowserSessionRepository } from '../../../application/identity/ports/browser-session-repository.ts';
import { BrowserSession } from '../../../domain/identity/browser-session.ts';
import { PostgresRepository } from '../../platform/postgres/postgres-repository.ts';
import { insertSessionInUserEpoch } from './insert-session.ts';

/** Browser sessions through MikroORM (`BrowserSessionSchema`): plain rows of one table, queried by criteria. */
export class MikroOrmBrowserSessionRepository extends PostgresRepository implements BrowserSessionRepository {
  /** In SQL: stored only while its user is in the session's epoch (see insertSessionInUserEpoch). */
  create(session: BrowserSession): Promise<boolean> {
    return insertSessionInUserEpoch(this.db, 'browser_sessions', {
      id: session.id,
      user_id: session.userId,
      user_epoch: session.userEpoch,
      token_hash: session.tokenHash,
      csrf_token: session.csrfToken,
      created_at: session.createdAt,
      last_seen_at: session.lastSeenAt,
      expires_at: session.expiresAt,
      user_agent: session.userAgent,
      ip: session.ip,
    });
  }

  async findByTokenHash(tokenHash: string): Promise<BrowserSession | undefined> {
    return (await this.db.entityManager().findOne(BrowserSession, { tokenHash })) ?? undefined;
  }

  async touch(id: string, now: Date): Promise<void> {
    await this.db.entityManager().nativeUpdate(BrowserSession, { id }, { lastSeenAt: now });
  }

  async deleteForUser(userId: string, id: string): Promise<boolean> {
    return (await this.db.entityManager().nativeDelete(BrowserSession, { id, userId })) === 1;
  }

  async deleteAllForUser(userId: string, keepId?: string): Promise<number> {
    return this.db.entityManager().nativeDelete(BrowserSession, {
      userId,
      ...(keepId ? { id: { $ne: keepId } } : {}),
    });
  }

  async deleteEndedForUser(userId: string, now: Date, lastSeenBefore: Date): Promise<number> {
    return this.db.entityManager().nativeDelete(BrowserSession, {
      userId,
      $or: [{ expiresAt: { $lte: now } }, { lastSeenAt: { $lt: lastSeenBefore } }],
    });
  }

  async listForUser(userId: string, now: Date): Promise<BrowserSession[]> {
    return this.db
      .entityManager()
      .find(
        BrowserSession,
        { userId, expiresAt: { $gt: now } },
        { orderBy: { createdAt: 'desc', id: 'desc' }, limit: 200 },
      );
  }
}
