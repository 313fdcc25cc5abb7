import { expect } from 'chai';
import type { ProviderProfile } from '../../../../src/domain/identity/linked-identity.ts';
import { SsoAccountRefused, SsoRejected } from '../../../../src/domain/identity/sso-errors.ts';
import { MfaRequired } from '../../../../src/domain/identity/two-factor.ts';
import { NotFound } from '../../../../src/domain/kernel/errors.ts';
import { userPrincipal } from '../../../../src/domain/kernel/principal.ts';
import { rejectionOf } from '../../../support/fail.ts';
import { inboxOf } from '../../../support/inbox.ts';
import { ScriptedIdentityProviders } from '../../../support/scripted-identity-providers.ts';
import { ADA, useCases } from '../../../support/test-container.ts';
import { totpCode } from '../../../support/totp.ts';

const REDIRECT = 'http://127.0.0.1:8080/auth/sso/corp/callback';
const request = { ip: '203.0.113.5', userAgent: 'test-browser', previousToken: undefined };
const verified = (subject: string, email: string, extra: Partial<ProviderProfile> = {}): ProviderProfile => ({
  subject,
  email,
  emailVerified: true,
  name: undefined,
  username: undefined,
  ...extra,
});

async function world(signup = true) {
  const providers = new ScriptedIdentityProviders([
    { id: 'corp', name: 'Corp SSO', signup },
    { id: 'github', name: 'GitHub', signup },
  ]);
  const app = await useCases({ doubles: { identityProviders: providers } });
  /** One round trip: start, the provider answers with the same state, finish. */
  const signIn = async (profile: ProviderProfile, provider = 'corp') => {
    providers.profile = profile;
    const { authorizationUrl, sealed } = await app.startSso(provider, REDIRECT);
    const callbackUrl = new URL(`${REDIRECT}?code=c&state=${authorizationUrl.searchParams.get('state')}`);
    return app.finishSso({ providerId: provider, callbackUrl, redirectUri: REDIRECT, sealed, ...request });
  };
  return { app, providers, signIn };
}

describe('single sign-on (use cases)', () => {
  it('starts only for a configured provider, with the pending sign-in sealed (no readable state in it)', async () => {
    const { app } = await world();
    await rejectionOf(app.startSso('nope', REDIRECT), NotFound);
    const { authorizationUrl, sealed, expiresInSeconds } = await app.startSso('corp', REDIRECT);
    const state = authorizationUrl.searchParams.get('state') ?? '';
    expect(state).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(sealed).not.to.include(state);
    expect(expiresInSeconds).to.equal(600);
  });

  it('creates a verified account at a first sign-in, links it, and audits both and the browser login', async () => {
    const { app, signIn } = await world();
    const { session } = await signIn(verified('sub-a', 'New.Person@Example.com', { name: 'New Person' }));
    const user = await app.users.findById(session.userId);
    expect(user).to.include({
      email: 'new.person@example.com',
      username: 'new.person',
      displayName: 'New Person',
    });
    expect(user?.emailVerified).to.equal(true);
    expect(await app.workspaces.listForUser(session.userId), 'the personal workspace').to.have.length(1);
    const types = app.auditLog.events.filter((e) => e.userId === user?.id).map((e) => e.type);
    expect(types).to.deep.equal(['user_created', 'sso_identity_linked', 'login_succeeded']);
    expect(app.auditLog.events.at(-1)?.details).to.deep.equal({
      surface: 'browser',
      method: 'sso',
      provider: 'corp',
    });
  });

  it('gives a new account a free username, and a password nobody knows', async () => {
    const { app, signIn } = await world();
    await app.registerUser(ADA);
    const { session } = await signIn(verified('sub-b', 'ada@elsewhere.example', { username: 'ADA' }));
    const user = await app.users.findById(session.userId);
    expect(user?.username).to.equal('ada-2');
    expect(await app.passwordHasher.verify(user?.passwordHash ?? '', '')).to.equal(false);
  });

  it('signs in by the link afterwards, whatever the provider now says about the address', async () => {
    const { signIn } = await world();
    const first = await signIn(verified('sub-c', 'c@example.com'));
    const again = await signIn({ ...verified('sub-c', 'someone-else@example.com'), emailVerified: false });
    expect(again.session.userId).to.equal(first.session.userId);
  });

  it('links an existing account when both sides verified the address, and tells its owner', async () => {
    const { app, signIn } = await world();
    const ada = await app.registerUser(ADA);
    await app.users.markEmailVerified(ada.id, ada.email, app.clock.now());
    const { session } = await signIn(verified('sub-d', 'ADA@example.com'));
    expect(session.userId).to.equal(ada.id);
    expect((await app.linkedIdentities.listForUser(ada.id)).map((l) => l.subject)).to.deep.equal(['sub-d']);
    await app.dispatchEmails();
    expect(
      inboxOf(app)
        .to(ADA.email)
        .map((e) => e.subject),
    ).to.include('Corp SSO sign-in linked');
  });

  it('never links through an unverified address, on either side', async () => {
    const { app, signIn } = await world();
    const ada = await app.registerUser(ADA);
    const local = await rejectionOf(signIn(verified('sub-e', ADA.email)), SsoAccountRefused);
    expect(local.message).to.include('has not verified it');
    await app.users.markEmailVerified(ada.id, ada.email, app.clock.now());
    const claimed = await rejectionOf(
      signIn({ ...verified('sub-e', ADA.email), emailVerified: false }),
      SsoAccountRefused,
    );
    expect(claimed.message).to.include('did not confirm a verified e-mail address');
    expect(await app.linkedIdentities.listForUser(ada.id)).to.deep.equal([]);
    expect(app.auditLog.events.at(-1)).to.deep.include({
      type: 'login_failed',
      details: { provider: 'corp', reason: 'sso_account_refused' },
    });
  });

  it('does not ask for the TOTP code (the provider authenticated); the password sign-in still does', async () => {
    const { app, signIn } = await world();
    const ada = await app.registerUser(ADA);
    await app.users.markEmailVerified(ada.id, ada.email, app.clock.now());
    const me = userPrincipal(ada.id, '00000000-0000-7000-8000-00000000000a');
    const { otpauthUri } = await app.startTotpEnrolment(me);
    await app.confirmTotpEnrolment(me, { code: totpCode(otpauthUri, app.clock.now()), ip: request.ip });
    const { session } = await signIn(verified('sub-2fa', ADA.email));
    expect(session.userId).to.equal(ada.id);
    const password = { usernameOrEmail: 'ada', password: ADA.password, ...request };
    await rejectionOf(app.signIn(password), MfaRequired);
    const logins = app.auditLog.events.filter((e) => e.type === 'login_succeeded').map((e) => e.details);
    expect(logins).to.deep.equal([{ surface: 'browser', method: 'sso', provider: 'corp' }]);
  });

  it('does not link a second identity of the same provider to an account; another provider may link', async () => {
    const { app, signIn } = await world();
    const ada = await app.registerUser(ADA);
    await app.users.markEmailVerified(ada.id, ada.email, app.clock.now());
    await signIn(verified('sub-f1', ADA.email));
    const second = await rejectionOf(signIn(verified('sub-f2', ADA.email)), SsoAccountRefused);
    expect(second.message).to.include('already linked to another Corp SSO account');
    expect((await signIn(verified('gh-1', ADA.email), 'github')).session.userId).to.equal(ada.id);
  });

  it('creates no account when sign-up through the provider is off', async () => {
    const { app, signIn } = await world(false);
    await rejectionOf(signIn(verified('sub-g', 'nobody@example.com')), SsoAccountRefused);
    expect(await app.users.findByLogin('nobody@example.com')).to.equal(undefined);
  });

  it('refuses a disabled account even through its link', async () => {
    const { app, signIn } = await world();
    const { session } = await signIn(verified('sub-h', 'h@example.com'));
    await app.users.setDisabled(session.userId, true);
    await rejectionOf(signIn(verified('sub-h', 'h@example.com')), SsoAccountRefused);
  });

  it('refuses a callback without its pending sign-in, with one altered, expired or for another provider', async () => {
    const { app } = await world();
    const callbackUrl = new URL(`${REDIRECT}?code=c&state=x`);
    const finish = (sealed: string | undefined, providerId = 'corp') =>
      app.finishSso({ providerId, callbackUrl, redirectUri: REDIRECT, sealed, ...request });
    await rejectionOf(finish(undefined), SsoRejected);
    const { sealed } = await app.startSso('corp', REDIRECT);
    await rejectionOf(finish(`${sealed.slice(0, -2)}AA`), SsoRejected);
    await rejectionOf(finish(sealed), SsoRejected, 'a state that is not the pending one');
    await rejectionOf(finish(sealed, 'github'), SsoRejected);
    app.clock.advance(601);
    const late = await app.startSso('corp', REDIRECT);
    app.clock.advance(601);
    await rejectionOf(finish(late.sealed), SsoRejected);
    expect(app.auditLog.events.at(-1)).to.deep.include({
      type: 'login_failed',
      details: { provider: 'corp', reason: 'sso_rejected' },
    });
  });
});
