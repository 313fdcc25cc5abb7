import type { BrowserSessionRepository } from '../../../application/identity/ports/browser-session-repository.ts';
import type { BrowserSession } from '../../../domain/identity/browser-session.ts';
import type { InMemoryStore } from '../../platform/memory/in-memory-store.ts';
import { identityTables } from './identity-tables.ts';

/** Browser sessions in the store. */
export class InMemoryBrowserSessionRepository implements BrowserSessionRepository {
  readonly #store: InMemoryStore;

  constructor({ store }: { store: InMemoryStore }) {
    this.#store = store;
  }

  create(session: BrowserSession): Promise<boolean> {
    return this.#store.atomically(() => {
      const user = identityTables(this.#store).users.get(session.userId);
      if (!user || user.disabled || user.securityEpoch !== session.userEpoch) return false;
      identityTables(this.#store).browserSessions.put(session);
      return true;
    });
  }

  findByTokenHash(tokenHash: string): Promise<BrowserSession | undefined> {
    return this.#store.atomically(() =>
      identityTables(this.#store).browserSessions.find((s) => s.tokenHash === tokenHash),
    );
  }

  async touch(id: string, now: Date): Promise<void> {
    await this.#store.atomically(() =>
      identityTables(this.#store).browserSessions.update(id, (session) => {
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
    return this.#store.atomically(() =>
      identityTables(this.#store)
        .browserSessions.filter((s) => s.userId === userId && s.expiresAt.getTime() > now.getTime())
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
        .slice(0, 200),
    );
  }

  #deleteWhere(matches: (session: BrowserSession) => boolean): Promise<number> {
    return this.#store.atomically(
      () => identityTables(this.#store).browserSessions.deleteWhere(matches).length,
    );
  }
}
