import type { LoginSessionRepository } from '../../../application/ports/login-session-repository.ts';
import { LoginSession } from '../../../domain/sessions/login-session.ts';

export class InMemoryLoginSessionRepository implements LoginSessionRepository {
  readonly #sessions = new Map<string, LoginSession>();

  async create(session: LoginSession): Promise<void> {
    this.#sessions.set(session.id, new LoginSession(session));
  }

  async findById(id: string): Promise<LoginSession | undefined> {
    const session = this.#sessions.get(id);
    return session && new LoginSession(session);
  }

  async rotate(id: string, fromGeneration: number, now: Date): Promise<boolean> {
    const session = this.#sessions.get(id);
    if (!session || session.generation !== fromGeneration || session.revokedAt !== null) return false;
    session.generation = fromGeneration + 1;
    session.rotatedAt = now;
    session.lastUsedAt = now;
    return true;
  }

  async revoke(id: string, reason: string, now: Date): Promise<void> {
    const session = this.#sessions.get(id);
    if (session && session.revokedAt === null) {
      session.revokedAt = now;
      session.revokedReason = reason;
    }
  }

  async revokeAllForUser(userId: string, reason: string, now: Date, keepId?: string): Promise<number> {
    let count = 0;
    for (const session of this.#sessions.values()) {
      if (session.userId !== userId || session.revokedAt !== null || session.id === keepId) continue;
      session.revokedAt = now;
      session.revokedReason = reason;
      count++;
    }
    return count;
  }

  async listForUser(userId: string, now: Date): Promise<LoginSession[]> {
    return [...this.#sessions.values()]
      .filter((s) => s.userId === userId && s.revokedAt === null && s.expiresAt.getTime() > now.getTime())
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .map((s) => new LoginSession(s));
  }
}
