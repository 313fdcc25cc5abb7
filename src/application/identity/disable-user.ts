import { canonicalLogin } from '../../domain/identity/user.ts';
import { NotFound } from '../../domain/kernel/errors.ts';
import type { AuditLog } from '../audit/index.ts';
import { type CreatorKeyDeps, revokeCreatorKeys } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { LoginSessionRepository } from './ports/login-session-repository.ts';
import type { UserRepository } from './ports/user-repository.ts';

export type DisableUser = (usernameOrEmail: string) => Promise<void>;

/**
 * Disables the account and ends all its sessions, so its access tokens stop working on their next use; the
 * API keys it created are revoked too.
 */
export function makeDisableUser(
  deps: {
    users: UserRepository;
    loginSessions: LoginSessionRepository;
    auditLog: AuditLog;
    clock: Clock;
    unitOfWork: UnitOfWork;
  } & CreatorKeyDeps,
): DisableUser {
  return async (usernameOrEmail) => {
    const user = await deps.users.findByLogin(canonicalLogin(usernameOrEmail));
    if (!user) throw new NotFound('user');
    await deps.unitOfWork.transaction(async () => {
      await deps.users.setDisabled(user.id, true);
      const revoked = await deps.loginSessions.revokeAllForUser(user.id, 'user_disabled', deps.clock.now());
      await revokeCreatorKeys(deps, user.id, {}, 'creator_disabled');
      await deps.auditLog.record({
        type: 'user_disabled',
        userId: user.id,
        details: { sessions_revoked: revoked },
      });
    });
  };
}
