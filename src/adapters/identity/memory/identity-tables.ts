import { AccountToken } from '../../../domain/identity/account-token.ts';
import { BrowserSession } from '../../../domain/identity/browser-session.ts';
import { LinkedIdentity } from '../../../domain/identity/linked-identity.ts';
import { LoginSession } from '../../../domain/identity/login-session.ts';
import { TwoFactor } from '../../../domain/identity/two-factor.ts';
import { User } from '../../../domain/identity/user.ts';
import { inMemoryTables } from '../../platform/memory/in-memory-tables.ts';

/** The identity area's in-memory tables. */
export const identityTables = inMemoryTables((store) => {
  const users = store.byId((u: User) => new User(u));
  const loginSessions = store.byId((s: LoginSession) => new LoginSession(s));
  const browserSessions = store.byId((s: BrowserSession) => new BrowserSession(s));
  const accountTokens = store.byId((t: AccountToken) => new AccountToken(t));
  accountTokens.cascadeFrom(users, (t) => t.userId);
  const twoFactors = store.table(
    (t: TwoFactor) => t.userId,
    (t) => new TwoFactor(t),
  );
  twoFactors.cascadeFrom(users, (t) => t.userId);
  const linkedIdentities = store.byId((l: LinkedIdentity) => new LinkedIdentity(l));
  linkedIdentities.cascadeFrom(users, (l) => l.userId);
  return { users, loginSessions, browserSessions, accountTokens, twoFactors, linkedIdentities };
});
