import type { BrowserSessionRepository } from '../../../application/identity/ports/browser-session-repository.ts';
import type { BrowserSession } from '../../../domain/identity/browser-session.ts';
import { inMemoryRepository } from '../../platform/memory/in-memory-repository.ts';
import { identityTables } from './identity-tables.ts';
import { putIfUserCurrent } from './put-if-user-current.ts';

/** Browser sessions in the store. */
export class InMemoryBrowserSessionRepository
  extends inMemoryRepository(identityTables)
  implements BrowserSessionRepository
{
  create(session: BrowserSession): Promise<boolean> {
    return this.atomically((tables) => putIfUserCurrent(tables.users, tables.browserSessions, session));
  }

  findByTokenHash(tokenHash: string): Promise<BrowserSession | undefined> {
    return this.atomically(() => this.tables.browserSessions.find((s) => s.tokenHash === tokenHash));
  }

  async touch(id: string, now: Date): Promise<void> {
    await this.atomically(() =>
      this.tables.browserSessions.update(id, (session) => {
        session.lastSeenAt = now;
      }),
    );
  }

  deleteForUser(userId: string, id: string): Promise<boolean> {
    return this.#deleteWhere((s) => s.id === id && s.userId === userId).then((count) => count === 1);
  }

  deleteAllForUser(userId: string, keepId?: string): Promise<number> {
    return this.#deleteWhere((s) => s.userId === userId && s.id !== keepId);
  }

  deleteEndedForUser(userId: string, now: Date, lastSeenBefore: Date): Promise<number> {
    return this.#deleteWhere(
      (s) =>
        s.userId === userId &&
        (s.expiresAt.getTime() <= now.getTime() || s.lastSeenAt.getTime() < lastSeenBefore.getTime()),
    );
  }

  listForUser(userId: string, now: Date): Promise<BrowserSession[]> {
    return this.atomically(() =>
      this.tables.browserSessions
        .filter((s) => s.userId === userId && s.expiresAt.getTime() > now.getTime())
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
        .slice(0, 200),
    );
  }

  #deleteWhere(matches: (session: BrowserSession) => boolean): Promise<number> {
    return this.store.atomically(() => this.tables.browserSessions.deleteWhere(matches).length);
  }
}
