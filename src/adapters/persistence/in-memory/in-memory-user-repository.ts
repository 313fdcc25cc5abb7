import type { UserRepository } from '../../../application/ports/user-repository.ts';
import { Conflict } from '../../../domain/errors.ts';
import { User } from '../../../domain/users/user.ts';
import type { Membership, Workspace } from '../../../domain/workspaces/workspace.ts';
import type { InMemoryWorkspaceRepository } from './in-memory-workspace-repository.ts';

/** Users in a Map; copies in and out, so callers cannot mutate stored state behind the repository's back. */
export class InMemoryUserRepository implements UserRepository {
  readonly #users = new Map<string, User>();
  readonly #workspaces: InMemoryWorkspaceRepository;

  constructor({ workspaces }: { workspaces: InMemoryWorkspaceRepository }) {
    this.#workspaces = workspaces;
  }

  async findByLogin(login: string): Promise<User | undefined> {
    return copy([...this.#users.values()].find((u) => u.username === login || u.email === login));
  }

  async findById(id: string): Promise<User | undefined> {
    return copy(this.#users.get(id));
  }

  async isLoginTaken(value: string): Promise<boolean> {
    return [...this.#users.values()].some((u) => u.username === value || u.email === value);
  }

  async create(user: User, workspace: Workspace, membership: Membership): Promise<void> {
    const taken = [...this.#users.values()].some(
      (u) => u.username === user.username || u.email === user.email,
    );
    if (taken) throw new Conflict('that username or e-mail is already taken');
    this.#users.set(user.id, new User(user));
    this.#workspaces.add(workspace, membership);
  }

  async updatePasswordHash(userId: string, passwordHash: string): Promise<void> {
    const user = this.#users.get(userId);
    if (user) user.passwordHash = passwordHash;
  }

  async setDisabled(userId: string, disabled: boolean): Promise<void> {
    const user = this.#users.get(userId);
    if (user) user.disabled = disabled;
  }

  async list(): Promise<User[]> {
    return [...this.#users.values()].map((u) => new User(u));
  }
}

function copy(user: User | undefined): User | undefined {
  return user && new User(user);
}
