import { LinkedIdentity, type ProviderProfile } from '../../domain/identity/linked-identity.ts';
import { SsoAccountRefused } from '../../domain/identity/sso-errors.ts';
import { decideLink } from '../../domain/identity/sso-linking.ts';
import { canonicalLogin, parseDisplayName, User } from '../../domain/identity/user.ts';
import type { AuditLog } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { QueueEmail } from '../notifications/index.ts';
import type { AccountEmails } from './ports/account-emails.ts';
import type { IdentityProviderInfo } from './ports/identity-providers.ts';
import type { LinkedIdentityRepository } from './ports/linked-identity-repository.ts';
import type { NewUserListener } from './ports/new-user-listener.ts';
import type { PasswordHasher } from './ports/password-hasher.ts';
import type { SessionTokens } from './ports/session-tokens.ts';
import type { UserRepository } from './ports/user-repository.ts';
import { usernameCandidates } from './sso-username.ts';

/** The user a provider identity signs in: by its link, else linked or created by the rules of `decideLink`. */
export type SsoAccount = (
  provider: IdentityProviderInfo,
  profile: ProviderProfile,
  ip: string,
) => Promise<User>;

export function makeSsoAccount(deps: {
  users: UserRepository;
  linkedIdentities: LinkedIdentityRepository;
  passwordHasher: PasswordHasher;
  sessionTokens: SessionTokens;
  accountEmails: AccountEmails;
  queueEmail: QueueEmail;
  auditLog: AuditLog;
  unitOfWork: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
  newUserListeners: readonly NewUserListener[];
}): SsoAccount {
  const linkOf = (user: User, provider: IdentityProviderInfo, profile: ProviderProfile, email: string) =>
    new LinkedIdentity({
      id: deps.ids.newId(),
      userId: user.id,
      provider: provider.id,
      subject: profile.subject,
      email,
      createdAt: deps.clock.now(),
    });
  const linked = (user: User, provider: IdentityProviderInfo, ip: string) =>
    deps.auditLog.record({
      type: 'sso_identity_linked',
      userId: user.id,
      ip,
      target: { type: 'user', id: user.id },
      details: { provider: provider.id },
    });

  /** A new user whose address the provider verified; the password is random and never told (reset sets one). */
  async function create(provider: IdentityProviderInfo, profile: ProviderProfile, email: string, ip: string) {
    const passwordHash = await deps.passwordHasher.hash(deps.sessionTokens.newToken());
    for (const username of usernameCandidates(profile, email)) {
      if (await deps.users.isLoginTaken(username)) continue;
      const now = deps.clock.now();
      const user = new User({
        id: deps.ids.newId(),
        username,
        email,
        displayName: safeDisplayName(profile.name, username),
        passwordHash,
        disabled: false,
        securityEpoch: 0,
        emailVerifiedAt: now,
        createdAt: now,
      });
      await deps.unitOfWork.transaction(async () => {
        await deps.users.create(user);
        for (const listener of deps.newUserListeners) await listener(user);
        await deps.linkedIdentities.add(linkOf(user, provider, profile, email));
        await deps.auditLog.record({
          type: 'user_created',
          userId: user.id,
          ip,
          details: { provider: provider.id },
        });
        await linked(user, provider, ip);
      });
      return user;
    }
    throw new SsoAccountRefused('no free username could be found for the new account; ask an administrator');
  }

  return async (provider, profile, ip) => {
    const link = await deps.linkedIdentities.findBySubject(provider.id, profile.subject);
    if (link) {
      const user = await deps.users.findById(link.userId);
      if (!user || user.disabled) throw new SsoAccountRefused();
      return user;
    }
    const email = profile.email && canonicalLogin(profile.email);
    const found = email ? await deps.users.findByLogin(email) : undefined;
    const existing = found?.email === email ? found : undefined;
    const decision = decideLink({
      profile,
      providerName: provider.name,
      existing,
      existingLinkedHere: existing ? await deps.linkedIdentities.isLinked(existing.id, provider.id) : false,
      signupAllowed: provider.signup,
    });
    if (decision.action === 'create') return create(provider, profile, decision.email, ip);
    const { user } = decision;
    await deps.unitOfWork.transaction(async () => {
      await deps.linkedIdentities.add(linkOf(user, provider, profile, user.email));
      await linked(user, provider, ip);
      const notice = { to: user.email, displayName: user.displayName, providerName: provider.name };
      await deps.queueEmail(deps.accountEmails.identityLinked(notice));
    });
    return user;
  };
}

/** The provider's name when it is one we can show, else the username. */
function safeDisplayName(name: string | undefined, username: string): string {
  try {
    return parseDisplayName(name?.slice(0, 200), username);
  } catch {
    return username;
  }
}
