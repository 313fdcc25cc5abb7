import type { UserRepository } from '../../../application/identity/ports/user-repository.ts';
import type { User } from '../../../domain/identity/user.ts';
import { Conflict } from '../../../domain/kernel/errors.ts';
import { inMemoryRepository } from '../../platform/memory/in-memory-repository.ts';
import { identityTables } from './identity-tables.ts';

/** Users in the store; usernames and e-mails unique (each on its own, like the two unique indexes). */
export class InMemoryUserRepository extends inMemoryRepository(identityTables) implements UserRepository {
  findByLogin(login: string): Promise<User | undefined> {
    return this.atomically(() => this.tables.users.find((u) => u.username === login || u.email === login));
  }

  findById(id: string): Promise<User | undefined> {
    return this.atomically((tables) => tables.users.get(id));
  }

  isLoginTaken(value: string): Promise<boolean> {
    return this.atomically(() => this.tables.users.some((u) => u.username === value || u.email === value));
  }

  create(user: User): Promise<void> {
    return this.atomically(() => {
      const { users } = this.tables;
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

  markEmailVerified(userId: string, email: string, at: Date): Promise<boolean> {
    return this.atomically((tables) => {
      if (tables.users.get(userId)?.email !== email) return false;
      tables.users.update(userId, (user) => {
        user.emailVerifiedAt = at;
      });
      return true;
    });
  }

  async #change(userId: string, change: (user: User) => void): Promise<void> {
    await this.atomically((tables) => tables.users.update(userId, change));
  }

  list(): Promise<User[]> {
    return this.atomically(() =>
      this.tables.users.all().sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()),
    );
  }
}
