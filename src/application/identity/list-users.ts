import type { User } from '../../domain/identity/user.ts';
import type { UserRepository } from './ports/user-repository.ts';

export type ListUsers = () => Promise<User[]>;

export function makeListUsers(deps: { users: UserRepository }): ListUsers {
  return () => deps.users.list();
}
