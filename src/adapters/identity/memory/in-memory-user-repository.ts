import type { UserRepository } from '../../../application/identity/ports/user-repository.ts';
import type { User } from '../../../domain/identity/user.ts';
import { Conflict } from '../../../domain/kernel/errors.ts';
import type { InMemoryStore } from '../../platform/memory/in-memory-store.ts';
import { identityTables } from './identity-tables.ts';

/** Users in the store; usernames and e-mails unique (each on its own, like the two unique indexes). */
export class InMemoryUserRepository implements UserRepository {
  readonly #store: InMemoryStore;

  constructor({ store }: { store: InMemoryStore }) {
    this.#store = store;
  }

  findByLogin(login: string): Promise<User | undefined> {
    return this.#store.atomically(() =>
      identityTables(this.#store).users.find((u) => u.username === login || u.email === login),
    );
  }

  findById(id: string): Promise<User | undefined> {
    return this.#store.atomically(() => identityTables(this.#store).users.get(id));
  }

  isLoginTaken(value: string): Promise<boolean> {
    return this.#store.atomically(() =>
      identityTables(this.#store).users.some((u) => u.username === value || u.email === value),
    );
  }

  create(user: User): Promise<void> {
    return this.#store.atomically(() => {
      const { users } = identityTables(this.#store);
      if (users.some((u) => u.username === user.username || u.email === user.email)) {
        throw new Conflict('that username or e-mail is already taken');
      }
      users.put(user);
    });
  }

  rehashPassword(userId: string, securityEpoch: number, passwordHash: string): Promise<void> {
    return this.#change(userId, (user) => {
      if (user.securityEpoch === securityEpoch) user.passwordHash = passwordHash;
    });
  }

  changePassword(userId: string, passwordHash: string): Promise<void> {
    return this.#change(userId, (user) => {
      user.passwordHash = passwordHash;
      user.securityEpoch++;
    });
  }

  setDisabled(userId: string, disabled: boolean): Promise<void> {
    return this.#change(userId, (user) => {
      user.disabled = disabled;
      user.securityEpoch++;
    });
  }

  async #change(userId: string, change: (user: User) => void): Promise<void> {
    await this.#store.atomically(() => identityTables(this.#store).users.update(userId, change));
  }

  list(): Promise<User[]> {
    return this.#store.atomically(() =>
      identityTables(this.#store)
        .users.all()
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()),
    );
  }
}
