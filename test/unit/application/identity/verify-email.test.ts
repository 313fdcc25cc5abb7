import { expect } from 'chai';
import { InvalidAccountToken } from '../../../../src/domain/identity/account-token.ts';
import { ApiKeyNotAllowed } from '../../../../src/domain/kernel/api-key-not-allowed.ts';
import { Conflict, RateLimited } from '../../../../src/domain/kernel/errors.ts';
import { type ApiKeyPrincipal, userPrincipal } from '../../../../src/domain/kernel/principal.ts';
import { inboxOf, tokenFrom } from '../../../support/inbox.ts';
import { ADA, useCases } from '../../../support/test-container.ts';

describe('e-mail verification', () => {
  const registered = async () => {
    const app = await useCases();
    const user = await app.registerUser(ADA);
    await app.dispatchEmails();
    const inbox = inboxOf(app);
    return { app, user, inbox, token: () => tokenFrom(inbox, ADA.email, '/verify-email') };
  };
  const refused = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (e: unknown) => e,
    );

  it('sends a link at sign-up, in text and HTML, to the PUBLIC_URL page', async () => {
    const { inbox } = await registered();
    const [email] = inbox.to(ADA.email);
    expect(email?.subject).to.equal('Verify your e-mail address');
    expect(email?.text).to.match(/http:\/\/127\.0\.0\.1:8080\/verify-email\?token=[A-Za-z0-9_-]{43}\n/);
    expect(email?.html).to.match(/href="http:\/\/127\.0\.0\.1:8080\/verify-email\?token=[A-Za-z0-9_-]{43}"/);
  });

  it('verifies the address once; the token then fails like an unknown one', async () => {
    const { app, user, token } = await registered();
    expect((await app.users.findById(user.id))?.emailVerified).to.equal(false);
    await app.verifyEmail(token());
    const verified = await app.users.findById(user.id);
    expect(verified?.emailVerifiedAt).to.deep.equal(app.clock.now());
    expect(await refused(app.verifyEmail(token()))).to.be.instanceOf(InvalidAccountToken);
    expect(await refused(app.verifyEmail('A'.repeat(43)))).to.be.instanceOf(InvalidAccountToken);
    const me = await app.getCurrentUser(userPrincipal(user.id, 's'));
    expect(me.kind === 'user' && me.user.emailVerified).to.equal(true);
  });

  it('keeps only the hash of the token', async () => {
    const { app, token } = await registered();
    const stored = JSON.stringify(
      await app.accountTokens.consume('verify_email', app.sessionTokens.hash(token()), app.clock.now()),
    );
    expect(stored).to.not.include(token());
  });

  it('refuses a token after 24 hours', async () => {
    const { app, token } = await registered();
    app.clock.advance(24 * 3600);
    expect(await refused(app.verifyEmail(token()))).to.be.instanceOf(InvalidAccountToken);
  });

  it('sends nothing for a sign-up that failed', async () => {
    const { app, inbox } = await registered();
    expect(await refused(app.registerUser({ ...ADA, username: 'other' }))).to.be.instanceOf(Conflict);
    await app.dispatchEmails();
    expect(inbox.sent).to.have.length(1);
  });

  it('resends a new link while unverified, nothing once verified, five an hour at most', async () => {
    const { app, user, inbox, token } = await registered();
    const caller = userPrincipal(user.id, 's');
    await app.resendEmailVerification(caller);
    await app.dispatchEmails();
    expect(inbox.to(ADA.email)).to.have.length(2);
    await app.verifyEmail(token());
    for (let i = 0; i < 4; i++) await app.resendEmailVerification(caller);
    await app.dispatchEmails();
    expect(inbox.to(ADA.email)).to.have.length(2);
    expect(await refused(app.resendEmailVerification(caller))).to.be.instanceOf(RateLimited);
  });

  it("is a person's own action: an API key may not resend", async () => {
    const { app } = await registered();
    const key: ApiKeyPrincipal = {
      kind: 'api_key',
      apiKeyId: 'k',
      name: 'ci',
      workspaceId: 'w',
      role: 'admin',
    };
    expect(await refused(app.resendEmailVerification(key))).to.be.instanceOf(ApiKeyNotAllowed);
  });
});
