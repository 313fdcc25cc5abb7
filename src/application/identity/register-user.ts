import { parseDisplayName, parseEmail, parseUsername, User } from '../../domain/identity/user.ts';
import { Conflict } from '../../domain/kernel/errors.ts';
import type { AuditLog } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import { checkNewPassword } from './check-new-password.ts';
import type { IssueEmailVerification } from './issue-email-verification.ts';
import type { CommonPasswords } from './ports/common-passwords.ts';
import type { NewUserListener } from './ports/new-user-listener.ts';
import type { PasswordHasher } from './ports/password-hasher.ts';
import type { UserRepository } from './ports/user-repository.ts';

export interface RegisterUserInput {
  readonly username: string;
  readonly email: string;
  readonly displayName?: string | undefined;
  readonly password: string;
}

export type RegisterUser = (input: RegisterUserInput, actor?: { ip?: string }) => Promise<User>;

/**
 * Creates a user (sign-up, the CLI and the bootstrap admin) and, in the same transaction, tells the new user
 * listeners (the workspaces area makes the user's personal workspace) and queues a link to verify their address.
 */
export function makeRegisterUser(deps: {
  users: UserRepository;
  passwordHasher: PasswordHasher;
  commonPasswords: CommonPasswords;
  auditLog: AuditLog;
  issueEmailVerification: IssueEmailVerification;
  clock: Clock;
  ids: IdGenerator;
  unitOfWork: UnitOfWork;
  newUserListeners: readonly NewUserListener[];
}): RegisterUser {
  return async (input, actor = {}) => {
    const username = parseUsername(input.username);
    const email = parseEmail(input.email);
    await checkNewPassword(deps.commonPasswords, input.password);
    if ((await deps.users.isLoginTaken(username)) || (await deps.users.isLoginTaken(email))) {
      throw new Conflict('that username or e-mail is already taken');
    }
    const now = deps.clock.now();
    const user = new User({
      id: deps.ids.newId(),
      username,
      email,
      displayName: parseDisplayName(input.displayName, username),
      passwordHash: await deps.passwordHasher.hash(input.password),
      disabled: false,
      securityEpoch: 0,
      emailVerifiedAt: null,
      createdAt: now,
    });
    await deps.unitOfWork.transaction(async () => {
      await deps.users.create(user);
      for (const listener of deps.newUserListeners) await listener(user);
      await deps.issueEmailVerification(user);
    });
    await deps.auditLog.record({ type: 'user_created', userId: user.id, ip: actor.ip ?? null });
    return user;
  };
}
