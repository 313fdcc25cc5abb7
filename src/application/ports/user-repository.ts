import type { User } from '../../domain/users/user.ts';
import type { Membership, Workspace } from '../../domain/workspaces/workspace.ts';

export interface UserRepository {
  /** The user whose canonical username or e-mail equals `login` (already canonical). */
  findByLogin(login: string): Promise<User | undefined>;
  findById(id: string): Promise<User | undefined>;
  /** True when any user has `value` (canonical) as username or as e-mail. */
  isLoginTaken(value: string): Promise<boolean>;
  /**
   * Stores a new user with its personal workspace and owner membership. Throws Conflict when the username or
   * e-mail is taken (adapters rely on unique indexes, so concurrent creations cannot both succeed).
   */
  create(user: User, workspace: Workspace, membership: Membership): Promise<void>;
  updatePasswordHash(userId: string, passwordHash: string): Promise<void>;
  setDisabled(userId: string, disabled: boolean): Promise<void>;
  list(): Promise<User[]>;
}
