import type { BrowserSessionRepository } from '../../../application/ports/browser-session-repository.ts';
import { BrowserSession } from '../../../domain/browser/browser-session.ts';

/** Browser sessions in a Map; copies in and out, like the other in-memory adapters. */
export class InMemoryBrowserSessionRepository implements BrowserSessionRepository {
  readonly #sessions = new Map<string, BrowserSession>();

  async create(session: BrowserSession): Promise<void> {
    this.#sessions.set(session.id, new BrowserSession(session));
  }

  async findByTokenHash(tokenHash: string): Promise<BrowserSession | undefined> {
    const found = [...this.#sessions.values()].find((s) => s.tokenHash === tokenHash);
    return found && new BrowserSession(found);
  }

  async touch(id: string, now: Date): Promise<void> {
    const session = this.#sessions.get(id);
    if (session) session.lastSeenAt = now;
  }

  async deleteForUser(userId: string, id: string): Promise<boolean> {
    if (this.#sessions.get(id)?.userId !== userId) return false;
    return this.#sessions.delete(id);
  }

  async deleteAllForUser(userId: string, keepId?: string): Promise<number> {
    return this.#deleteWhere((s) => s.userId === userId && s.id !== keepId);
  }

  async deleteEndedForUser(userId: string, now: Date, lastSeenBefore: Date): Promise<number> {
    return this.#deleteWhere(
      (s) =>
        s.userId === userId &&
        (s.expiresAt.getTime() <= now.getTime() || s.lastSeenAt.getTime() < lastSeenBefore.getTime()),
    );
  }

  async listForUser(userId: string, now: Date): Promise<BrowserSession[]> {
    return [...this.#sessions.values()]
      .filter((s) => s.userId === userId && s.expiresAt.getTime() > now.getTime())
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .slice(0, 200)
      .map((s) => new BrowserSession(s));
  }

  #deleteWhere(matches: (session: BrowserSession) => boolean): number {
    let count = 0;
    for (const session of [...this.#sessions.values()]) {
      if (matches(session) && this.#sessions.delete(session.id)) count++;
    }
    return count;
  }
}
