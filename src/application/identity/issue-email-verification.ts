import { AccountToken } from '../../domain/identity/account-token.ts';
import type { User } from '../../domain/identity/user.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { QueueEmail } from '../notifications/index.ts';
import type { AccountEmails } from './ports/account-emails.ts';
import type { AccountTokenRepository } from './ports/account-token-repository.ts';
import type { SessionTokens } from './ports/session-tokens.ts';

/** Sends `user` a link proving their current address; call it inside the transaction that warrants it. */
export type IssueEmailVerification = (user: User) => Promise<void>;

export function makeIssueEmailVerification(deps: {
  accountTokens: AccountTokenRepository;
  sessionTokens: SessionTokens;
  accountEmails: AccountEmails;
  queueEmail: QueueEmail;
  clock: Clock;
  ids: IdGenerator;
}): IssueEmailVerification {
  return async (user) => {
    const token = deps.sessionTokens.newToken();
    await deps.accountTokens.add(
      AccountToken.issue({
        id: deps.ids.newId(),
        userId: user.id,
        purpose: 'verify_email',
        tokenHash: deps.sessionTokens.hash(token),
        email: user.email,
        createdAt: deps.clock.now(),
      }),
    );
    await deps.queueEmail(
      deps.accountEmails.verifyEmail({ to: user.email, displayName: user.displayName, token }),
    );
  };
}
