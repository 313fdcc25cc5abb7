import { AccountToken } from '../../domain/identity/account-token.ts';
import { parseEmail } from '../../domain/identity/user.ts';
import type { AuditLog } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { RateLimiter } from '../kernel/ports/rate-limiter.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { QueueEmail } from '../notifications/index.ts';
import type { AccountEmails } from './ports/account-emails.ts';
import type { AccountTokenRepository } from './ports/account-token-repository.ts';
import type { SessionTokens } from './ports/session-tokens.ts';
import type { UserRepository } from './ports/user-repository.ts';

export type RequestPasswordReset = (email: string, actor?: { ip?: string }) => Promise<void>;

/**
 * Someone asks for a reset link for `email`. The caller learns nothing about the address: with or without an
 * account, the same steps run (one user look-up, one token made and hashed, one transaction queueing one
 * e-mail), and the answer is the same. An enabled account's owner gets a link (30 min, single use); an
 * address no enabled account has gets a note saying so. An address past its budget of e-mails gets nothing,
 * silently (the budget is the same whoever holds the address).
 */
export function makeRequestPasswordReset(deps: {
  users: Pick<UserRepository, 'findByLogin'>;
  accountTokens: AccountTokenRepository;
  sessionTokens: SessionTokens;
  accountEmails: AccountEmails;
  queueEmail: QueueEmail;
  passwordResetLimiter: RateLimiter;
  auditLog: AuditLog;
  unitOfWork: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
}): RequestPasswordReset {
  return async (input, actor = {}) => {
    const email = parseEmail(input);
    const spent = await deps.passwordResetLimiter.consume(email).then(
      () => false,
      () => true,
    );
    const found = await deps.users.findByLogin(email);
    // Found by its e-mail only: a username typed here is not an address to write to.
    const user = found && !found.disabled && found.email === email ? found : undefined;
    // Made whether or not it is used: both paths do the same work before the transaction.
    const token = deps.sessionTokens.newToken();
    const tokenHash = deps.sessionTokens.hash(token);
    if (spent) return;
    await deps.unitOfWork.transaction(async () => {
      if (!user) {
        await deps.queueEmail(deps.accountEmails.passwordResetNoAccount({ to: email }));
        await deps.auditLog.record({ type: 'password_reset_requested', userId: null, ip: actor.ip ?? null });
        return;
      }
      const now = deps.clock.now();
      const id = deps.ids.newId();
      await deps.accountTokens.add(
        AccountToken.issue({
          id,
          userId: user.id,
          purpose: 'password_reset',
          tokenHash,
          email,
          createdAt: now,
        }),
      );
      await deps.queueEmail(
        deps.accountEmails.passwordReset({ to: email, displayName: user.displayName, token }),
      );
      await deps.auditLog.record({ type: 'password_reset_requested', userId: user.id, ip: actor.ip ?? null });
    });
  };
}
