import { canonicalLogin } from '../../domain/identity/user.ts';
import { Conflict } from '../../domain/kernel/errors.ts';
import type { UserRepository } from './ports/user-repository.ts';
import type { RegisterUser, RegisterUserInput } from './register-user.ts';

export type EnsureBootstrapAdmin = (admin: RegisterUserInput) => Promise<boolean>;

/**
 * Creates the configured first user when it does not exist yet; true when it was created now. Instances started
 * together on one database may all find it missing: the one whose insert loses to another's finds it then.
 */
export function makeEnsureBootstrapAdmin(deps: {
  users: UserRepository;
  registerUser: RegisterUser;
}): EnsureBootstrapAdmin {
  const exists = async (admin: RegisterUserInput) =>
    (await deps.users.findByLogin(canonicalLogin(admin.username))) !== undefined;
  return async (admin) => {
    if (await exists(admin)) return false;
    try {
      await deps.registerUser(admin);
      return true;
    } catch (error) {
      if (error instanceof Conflict && (await exists(admin))) return false;
      throw error;
    }
  };
}
