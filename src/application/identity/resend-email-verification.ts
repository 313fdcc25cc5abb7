import { NotFound } from '../../domain/kernel/errors.ts';
import { type Principal, personOf } from '../../domain/kernel/principal.ts';
import type { RateLimiter } from '../kernel/ports/rate-limiter.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { IssueEmailVerification } from './issue-email-verification.ts';
import type { UserRepository } from './ports/user-repository.ts';

export type ResendEmailVerification = (principal: Principal) => Promise<void>;

/**
 * Sends the caller a new verification link (earlier ones keep working until they expire). Throttled per user
 * (RateLimited), so the endpoint cannot be used to flood an inbox; nothing is sent once the address is verified.
 */
export function makeResendEmailVerification(deps: {
  users: UserRepository;
  issueEmailVerification: IssueEmailVerification;
  verificationResendLimiter: RateLimiter;
  unitOfWork: UnitOfWork;
}): ResendEmailVerification {
  return async (caller) => {
    const { userId } = personOf(caller);
    await deps.verificationResendLimiter.consume(userId);
    await deps.unitOfWork.transaction(async () => {
      const user = await deps.users.findById(userId);
      if (!user) throw new NotFound('user');
      if (!user.emailVerified) await deps.issueEmailVerification(user);
    });
  };
}
