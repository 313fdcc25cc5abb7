import type { UserRepository } from '../../../application/ports/user-repository.ts';
import { Conflict } from '../../../domain/errors.ts';
import { User } from '../../../domain/users/user.ts';
import type { Membership, Workspace } from '../../../domain/workspaces/workspace.ts';
import { currentEm, type Orm } from './orm.ts';
import { isUniqueViolation } from './unique-violation.ts';

export class MikroOrmUserRepository implements UserRepository {
  readonly #orm: Orm;

  constructor({ orm }: { orm: Orm }) {
    this.#orm = orm;
  }

  async findByLogin(login: string): Promise<User | undefined> {
    const found = await currentEm(this.#orm).findOne(User, { $or: [{ username: login }, { email: login }] });
    return found ?? undefined;
  }

  async findById(id: string): Promise<User | undefined> {
    return (await currentEm(this.#orm).findOne(User, { id })) ?? undefined;
  }

  async isLoginTaken(value: string): Promise<boolean> {
    return (await currentEm(this.#orm).count(User, { $or: [{ username: value }, { email: value }] })) > 0;
  }

  async create(user: User, workspace: Workspace, membership: Membership): Promise<void> {
    const em = currentEm(this.#orm);
    try {
      // The schemas declare no relations, so MikroORM cannot order the inserts: flush the parents first.
      await em.transactional(async (tx) => {
        await tx.persist([user, workspace]).flush();
        tx.persist(membership);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new Conflict('that username or e-mail is already taken');
      throw error;
    }
  }

  async updatePasswordHash(userId: string, passwordHash: string): Promise<void> {
    await currentEm(this.#orm).nativeUpdate(User, { id: userId }, { passwordHash });
  }

  async setDisabled(userId: string, disabled: boolean): Promise<void> {
    await currentEm(this.#orm).nativeUpdate(User, { id: userId }, { disabled });
  }

  async list(): Promise<User[]> {
    return currentEm(this.#orm).find(User, {}, { orderBy: { createdAt: 'asc' } });
  }
}
