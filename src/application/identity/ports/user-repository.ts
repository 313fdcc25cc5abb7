import type { User } from '../../../domain/identity/user.ts';

export interface UserRepository {
  /** The user whose canonical username or e-mail equals `login` (already canonical). */
  findByLogin(login: string): Promise<User | undefined>;
  findById(id: string): Promise<User | undefined>;
  /** True when any user has `value` (canonical) as username or as e-mail. */
  isLoginTaken(value: string): Promise<boolean>;
  /**
   * Stores a new user. Throws Conflict when the username or e-mail is taken (adapters rely on unique
   * indexes, so concurrent creations cannot both succeed).
   */
  create(user: User): Promise<void>;
  /**
   * Stores a rehash of the user's same password (stronger parameters): sessions stay. Only while the user is
   * still in `securityEpoch`: a password changed since the login that rehashes must not be overwritten.
   */
  rehashPassword(userId: string, securityEpoch: number, passwordHash: string): Promise<void>;
  /** Stores a new password and moves the user to the next security epoch, ending every session. */
  changePassword(userId: string, passwordHash: string): Promise<void>;
  /** Enables or disables the user and moves them to the next security epoch, ending every session. */
  setDisabled(userId: string, disabled: boolean): Promise<void>;
  /**
   * Records that `email` was proven the user's at `at`, only while it is still their address (an address
   * changed since the link was sent stays unverified); false when it is not.
   */
  markEmailVerified(userId: string, email: string, at: Date): Promise<boolean>;
  list(): Promise<User[]>;
}
