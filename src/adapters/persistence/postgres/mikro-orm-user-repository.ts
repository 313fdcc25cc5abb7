import type { UserRepository } from '../../../application/ports/user-repository.ts';
import { Conflict } from '../../../domain/errors.ts';
import { User } from '../../../domain/users/user.ts';
import type { Membership, Workspace } from '../../../domain/workspaces/workspace.ts';
import { boundQuery } from './bound-query.ts';
import { currentEm, type Orm } from './orm.ts';
import { isUniqueViolation } from './unique-violation.ts';

export class MikroOrmUserRepository implements UserRepository {
  readonly #orm: Orm;

  constructor({ orm }: { orm: Orm }) {
    this.#orm = orm;
  }

  async findByLogin(login: string): Promise<User | undefined> {
    return this.#one('username = $1 or email = $1', [login]);
  }

  async findById(id: string): Promise<User | undefined> {
    return this.#one('id = $1', [id]);
  }

  /** Raw SQL on the hot paths (login, /me): the ORM's hydration costs more than the query itself. */
  async #one(where: string, params: string[]): Promise<User | undefined> {
    const [row] = await boundQuery<UserRow>(
      this.#orm,
      `select id, username, email, display_name, password_hash, disabled, created_at from users where ${where} limit 1`,
      params,
    );
    return (
      row &&
      new User({
        id: row.id,
        username: row.username,
        email: row.email,
        displayName: row.display_name,
        passwordHash: row.password_hash,
        disabled: row.disabled,
        createdAt: new Date(row.created_at),
      })
    );
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

interface UserRow {
  id: string;
  username: string;
  email: string;
  display_name: string;
  password_hash: string;
  disabled: boolean;
  created_at: Date;
}
