import type { BrowserSessionRepository } from '../../../application/ports/browser-session-repository.ts';
import { BrowserSession } from '../../../domain/browser/browser-session.ts';
import { currentEm, type Orm } from './orm.ts';

export class MikroOrmBrowserSessionRepository implements BrowserSessionRepository {
  readonly #orm: Orm;

  constructor({ orm }: { orm: Orm }) {
    this.#orm = orm;
  }

  async create(session: BrowserSession): Promise<void> {
    await currentEm(this.#orm).persist(session).flush();
  }

  async findByTokenHash(tokenHash: string): Promise<BrowserSession | undefined> {
    return (await currentEm(this.#orm).findOne(BrowserSession, { tokenHash })) ?? undefined;
  }

  async touch(id: string, now: Date): Promise<void> {
    await currentEm(this.#orm).nativeUpdate(BrowserSession, { id }, { lastSeenAt: now });
  }

  async deleteForUser(userId: string, id: string): Promise<boolean> {
    return (await currentEm(this.#orm).nativeDelete(BrowserSession, { id, userId })) === 1;
  }

  async deleteAllForUser(userId: string, keepId?: string): Promise<number> {
    return currentEm(this.#orm).nativeDelete(BrowserSession, {
      userId,
      ...(keepId ? { id: { $ne: keepId } } : {}),
    });
  }

  async deleteEndedForUser(userId: string, now: Date, lastSeenBefore: Date): Promise<number> {
    return currentEm(this.#orm).nativeDelete(BrowserSession, {
      userId,
      $or: [{ expiresAt: { $lte: now } }, { lastSeenAt: { $lt: lastSeenBefore } }],
    });
  }

  async listForUser(userId: string, now: Date): Promise<BrowserSession[]> {
    return currentEm(this.#orm).find(
      BrowserSession,
      { userId, expiresAt: { $gt: now } },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: 200 },
    );
  }
}
