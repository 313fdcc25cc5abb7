import { canonicalLogin } from '../../domain/identity/user.ts';
import type { UserRepository } from './ports/user-repository.ts';
import type { RegisterUser, RegisterUserInput } from './register-user.ts';

export type EnsureBootstrapAdmin = (admin: RegisterUserInput) => Promise<boolean>;

/** Creates the configured first user when it does not exist yet; true when it was created now. */
export function makeEnsureBootstrapAdmin(deps: {
  users: UserRepository;
  registerUser: RegisterUser;
}): EnsureBootstrapAdmin {
  return async (admin) => {
    if (await deps.users.findByLogin(canonicalLogin(admin.username))) return false;
    await deps.registerUser(admin);
    return true;
  };
}
