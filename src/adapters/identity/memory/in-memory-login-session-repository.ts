import type {
  LoginSessionRepository,
  SessionInUse,
} from '../../../application/identity/ports/login-session-repository.ts';
import type { LoginSession } from '../../../domain/identity/login-session.ts';
import { inMemoryRepository } from '../../platform/memory/in-memory-repository.ts';
import { identityTables } from './identity-tables.ts';
import { putIfUserCurrent } from './put-if-user-current.ts';

/** API login sessions in the store. The rotation's compare and its set are one synchronous step. */
export class InMemoryLoginSessionRepository
  extends inMemoryRepository(identityTables)
  implements LoginSessionRepository
{
  create(session: LoginSession): Promise<boolean> {
    return this.atomically((tables) => putIfUserCurrent(tables.users, tables.loginSessions, session));
  }

  findById(id: string): Promise<LoginSession | undefined> {
    return this.atomically((tables) => tables.loginSessions.get(id));
  }

  findInUse(id: string): Promise<SessionInUse | undefined> {
    return this.atomically(() => {
      const session = this.tables.loginSessions.get(id);
      const user = session && this.tables.users.get(session.userId);
      return session && user && { session, userEpoch: user.securityEpoch };
    });
  }

  rotate(id: string, fromGeneration: number, now: Date): Promise<boolean> {
    return this.atomically(() => {
      const { loginSessions } = this.tables;
      const session = loginSessions.get(id);
      if (!session || session.generation !== fromGeneration || session.revokedAt !== null) return false;
      if (this.tables.users.get(session.userId)?.securityEpoch !== session.userEpoch) return false;
      loginSessions.update(id, (s) => {
        s.generation = fromGeneration + 1;
        s.rotatedAt = now;
        s.lastUsedAt = now;
      });
      return true;
    });
  }

  async revoke(id: string, reason: string, now: Date): Promise<void> {
    await this.#revokeWhere((s) => s.id === id, reason, now);
  }

  revokeAllForUser(userId: string, reason: string, now: Date, keepId?: string): Promise<number> {
    return this.#revokeWhere((s) => s.userId === userId && s.id !== keepId, reason, now);
  }

  listForUser(userId: string, now: Date): Promise<LoginSession[]> {
    return this.atomically(() =>
      this.tables.loginSessions
        .filter((s) => s.userId === userId && s.revokedAt === null && s.expiresAt.getTime() > now.getTime())
        // Newest first, ties by id descending: PostgreSQL's `order by created_at desc, id desc`.
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
        .slice(0, 200),
    );
  }

  /** Revokes the matching sessions not yet revoked (an earlier revocation keeps its reason); how many. */
  #revokeWhere(matches: (session: LoginSession) => boolean, reason: string, now: Date): Promise<number> {
    return this.atomically(() => {
      const { loginSessions } = this.tables;
      const live = loginSessions.filter((s) => s.revokedAt === null && matches(s));
      for (const session of live) {
        loginSessions.update(session.id, (s) => {
          s.revokedAt = now;
          s.revokedReason = reason;
        });
      }
      return live.length;
    });
  }
}
