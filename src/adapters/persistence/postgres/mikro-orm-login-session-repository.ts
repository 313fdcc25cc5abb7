import type { LoginSessionRepository } from '../../../application/ports/login-session-repository.ts';
import { LoginSession } from '../../../domain/sessions/login-session.ts';
import { currentEm, type Orm } from './orm.ts';

export class MikroOrmLoginSessionRepository implements LoginSessionRepository {
  readonly #orm: Orm;

  constructor({ orm }: { orm: Orm }) {
    this.#orm = orm;
  }

  async create(session: LoginSession): Promise<void> {
    await currentEm(this.#orm).persist(session).flush();
  }

  async findById(id: string): Promise<LoginSession | undefined> {
    return (await currentEm(this.#orm).findOne(LoginSession, { id })) ?? undefined;
  }

  async rotate(id: string, fromGeneration: number, now: Date): Promise<boolean> {
    // Compare-and-set in one statement: of two concurrent refreshes of the same token, exactly one matches.
    const updated = await currentEm(this.#orm).nativeUpdate(
      LoginSession,
      { id, generation: fromGeneration, revokedAt: null },
      { generation: fromGeneration + 1, rotatedAt: now, lastUsedAt: now },
    );
    return updated === 1;
  }

  async revoke(id: string, reason: string, now: Date): Promise<void> {
    await currentEm(this.#orm).nativeUpdate(
      LoginSession,
      { id, revokedAt: null },
      { revokedAt: now, revokedReason: reason },
    );
  }

  async revokeAllForUser(userId: string, reason: string, now: Date, keepId?: string): Promise<number> {
    return currentEm(this.#orm).nativeUpdate(
      LoginSession,
      { userId, revokedAt: null, ...(keepId ? { id: { $ne: keepId } } : {}) },
      { revokedAt: now, revokedReason: reason },
    );
  }

  async listForUser(userId: string, now: Date): Promise<LoginSession[]> {
    return currentEm(this.#orm).find(
      LoginSession,
      { userId, revokedAt: null, expiresAt: { $gt: now } },
      { orderBy: { createdAt: 'desc' }, limit: 200 },
    );
  }
}
