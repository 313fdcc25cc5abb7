import { expect } from 'chai';
import { InvalidCredentials, InvalidToken } from '../../../../src/domain/identity/auth-errors.ts';
import {
  InvalidMfaCode,
  MfaRequired,
  TwoFactorAlreadyEnabled,
  TwoFactorNotEnabled,
  TwoFactorNotPending,
} from '../../../../src/domain/identity/two-factor.ts';
import { NotFound, RateLimited } from '../../../../src/domain/kernel/errors.ts';
import { userPrincipal } from '../../../../src/domain/kernel/principal.ts';
import { ADA, useCases } from '../../../support/test-container.ts';
import { totpCode } from '../../../support/totp.ts';

const IP = '203.0.113.9';
const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

/** Ada registered, enrolled and confirmed: her app's URI, her recovery codes and a principal. */
async function adaWithTwoFactor() {
  const app = await useCases();
  const user = await app.registerUser(ADA);
  const me = userPrincipal(user.id, '00000000-0000-7000-8000-00000000000a');
  const { otpauthUri, qrSvg } = await app.startTotpEnrolment(me);
  const recoveryCodes = await app.confirmTotpEnrolment(me, {
    code: totpCode(otpauthUri, app.clock.now()),
    ip: IP,
  });
  // The confirming code's step is spent: the next login needs the next step's code.
  app.clock.advance(30);
  const code = () => totpCode(otpauthUri, app.clock.now());
  const logIn = (password = ADA.password) =>
    app.logIn({ usernameOrEmail: 'ada', password, ip: IP, userAgent: 'test' });
  const mfaToken = async () => ((await caught(logIn())) as MfaRequired).mfaToken;
  const complete = (token: string, typed: string) =>
    app.completeMfaLogin({ mfaToken: token, code: typed, ip: IP, userAgent: 'test' });
  return { app, user, me, otpauthUri, qrSvg, recoveryCodes, code, logIn, mfaToken, complete };
}

describe('two-factor login (use cases, in memory)', () => {
  it('enrols: an otpauth URI and its QR code; login asks nothing until a first code confirms it', async () => {
    const app = await useCases();
    const user = await app.registerUser(ADA);
    const me = userPrincipal(user.id, '00000000-0000-7000-8000-00000000000a');
    expect(await app.getTwoFactorStatus(me)).to.deep.equal({
      status: 'off',
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    const { otpauthUri, qrSvg } = await app.startTotpEnrolment(me);
    expect((await app.getTwoFactorStatus(me)).status).to.equal('pending');
    expect(otpauthUri).to.match(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]{32}/);
    expect(qrSvg).to.match(/^<svg /);
    const pending = await app.twoFactors.findByUser(user.id);
    const secret = new URL(otpauthUri).searchParams.get('secret') as string;
    expect(pending?.enabled).to.equal(false);
    expect(pending?.sealedSecret, 'sealed at rest').not.to.include(secret);
    const pair = await app.logIn({ usernameOrEmail: 'ada', password: ADA.password, ip: IP, userAgent: null });
    expect(pair.accessToken).to.be.a('string');

    const wrong = await caught(app.confirmTotpEnrolment(me, { code: '000000', ip: IP }));
    expect(wrong).to.be.instanceOf(InvalidMfaCode);
    expect(app.loginThrottle.failures).to.deep.equal([`mfa:${user.id}`]);
    const codes = await app.confirmTotpEnrolment(me, { code: totpCode(otpauthUri, app.clock.now()), ip: IP });
    expect(codes).to.have.length(10);
    expect(new Set(codes).size).to.equal(10);
    expect(await app.getTwoFactorStatus(me)).to.deep.equal({
      status: 'on',
      enabledAt: app.clock.now(),
      recoveryCodesLeft: 10,
    });
    const stored = await app.twoFactors.findByUser(user.id);
    expect(stored?.enabled).to.equal(true);
    expect(stored?.recoveryCodeHashes.some((hash) => codes.some((code) => hash.includes(code)))).to.equal(
      false,
    );
    expect(app.auditLog.events.map((e) => e.type)).to.include('mfa_enabled');
    expect(JSON.stringify(app.auditLog.events)).not.to.include(secret);
    expect(await caught(app.startTotpEnrolment(me))).to.be.instanceOf(TwoFactorAlreadyEnabled);
    expect(await caught(app.confirmTotpEnrolment(me, { code: '123456', ip: IP }))).to.be.instanceOf(
      TwoFactorNotPending,
    );
  });

  it('answers a right password with mfa_required, and the code completes the login once', async () => {
    const { app, user, code, mfaToken, complete } = await adaWithTwoFactor();
    const sessionsBefore = (await app.loginSessions.listForUser(user.id, app.clock.now())).length;
    const token = await mfaToken();
    expect(token).to.match(/^mfa_/);
    expect((await app.loginSessions.listForUser(user.id, app.clock.now())).length, 'no session yet').to.equal(
      sessionsBefore,
    );
    const typed = code();
    const pair = await complete(token, typed);
    expect(await app.authenticate(pair.accessToken)).to.include({ userId: user.id });
    // The same code again, even within its 30 seconds and with a fresh login: refused.
    expect(await caught(complete(await mfaToken(), typed))).to.be.instanceOf(InvalidCredentials);
    app.clock.advance(30);
    expect(await complete(token, code())).to.have.property('accessToken');
  });

  it('refuses an older code than the last accepted one, though still inside the drift window', async () => {
    const { app, otpauthUri, mfaToken, complete } = await adaWithTwoFactor();
    app.clock.advance(60);
    // The previous step's code, never used, would pass the drift window alone.
    const earlier = totpCode(otpauthUri, new Date(app.clock.now().getTime() - 30_000));
    await complete(await mfaToken(), totpCode(otpauthUri, app.clock.now()));
    expect(await caught(complete(await mfaToken(), earlier))).to.be.instanceOf(InvalidCredentials);
  });

  it('spends one code once when two logins race with it', async () => {
    const { code, mfaToken, complete } = await adaWithTwoFactor();
    const [first, second] = [await mfaToken(), await mfaToken()];
    const typed = code();
    const outcomes = await Promise.all([complete(first, typed), complete(second, typed)].map(caught));
    expect(outcomes.filter((outcome) => outcome === undefined)).to.have.length(1);
    expect(outcomes.filter((outcome) => outcome instanceof InvalidCredentials)).to.have.length(1);
  });

  it('accepts a recovery code once, as typed (any case, spaces), and audits its use', async () => {
    const { app, recoveryCodes, mfaToken, complete } = await adaWithTwoFactor();
    const recovery = recoveryCodes[3] as string;
    await complete(await mfaToken(), ` ${recovery.toUpperCase().replace('-', ' - ')} `);
    expect(await caught(complete(await mfaToken(), recovery))).to.be.instanceOf(InvalidCredentials);
    const used = app.auditLog.events.filter((e) => e.type === 'mfa_recovery_code_used');
    expect(used.map((e) => e.details)).to.deep.equal([{ remaining: 9 }]);
    expect(JSON.stringify(app.auditLog.events)).not.to.include(recovery);
  });

  it('fails a wrong password as for any account, before and without any second factor', async () => {
    const { app, logIn } = await adaWithTwoFactor();
    const wrong = await caught(logIn('wrong password'));
    const unknown = await caught(
      app.logIn({ usernameOrEmail: 'nobody', password: 'wrong password', ip: IP, userAgent: null }),
    );
    expect(wrong).to.be.instanceOf(InvalidCredentials);
    expect((wrong as Error).message).to.equal((unknown as Error).message);
  });

  it('ends the mfa_token after 5 minutes, and at a new password', async () => {
    const { app, code, mfaToken, complete } = await adaWithTwoFactor();
    const token = await mfaToken();
    app.clock.advance(301);
    expect(await caught(complete(token, code()))).to.be.instanceOf(InvalidToken);
    const fresh = await mfaToken();
    await app.setPassword('ada', 'a brand new passphrase');
    expect(await caught(complete(fresh, code()))).to.be.instanceOf(InvalidToken);
    expect(await caught(complete('mfa_forged.token', code()))).to.be.instanceOf(InvalidToken);
  });

  it('throttles codes like passwords, under their own account key, refusing before any check', async () => {
    const { app, user, code, mfaToken, complete } = await adaWithTwoFactor();
    const token = await mfaToken();
    expect(await caught(complete(token, '000000'))).to.be.instanceOf(InvalidCredentials);
    expect(app.loginThrottle.failures).to.deep.equal([`mfa:${user.id}`]);
    app.loginThrottle.blocked.add(`mfa:${user.id}`);
    expect(await caught(complete(token, code()))).to.be.instanceOf(RateLimited);
    app.loginThrottle.blocked.clear();
    expect(await complete(token, code())).to.have.property('accessToken');
  });

  it('asks the browser sign-in for the code too, and starts the browser session after it', async () => {
    const { app, user, code } = await adaWithTwoFactor();
    const attempt = { usernameOrEmail: 'ada', password: ADA.password, ip: IP, userAgent: null };
    const required = await caught(app.signIn({ ...attempt, previousToken: undefined }));
    expect(required).to.be.instanceOf(MfaRequired);
    const signedIn = await app.completeMfaSignIn({
      mfaToken: (required as MfaRequired).mfaToken,
      code: code(),
      ip: IP,
      userAgent: null,
      previousToken: undefined,
    });
    expect(signedIn.session.userId).to.equal(user.id);
  });

  it('turns off with the password and a code, audited; either wrong is the same refusal', async () => {
    const { app, me, code, recoveryCodes, logIn } = await adaWithTwoFactor();
    const off = (password: string, typed: string) => app.disableTotp(me, { password, code: typed, ip: IP });
    const wrongPassword = await caught(off('wrong password', code()));
    const wrongCode = await caught(off(ADA.password, '000000'));
    expect(wrongPassword).to.be.instanceOf(InvalidMfaCode);
    expect((wrongCode as Error).message).to.equal((wrongPassword as Error).message);
    await off(ADA.password, recoveryCodes[0] as string);
    expect(await logIn()).to.have.property('accessToken');
    expect(app.auditLog.events.filter((e) => e.type === 'mfa_disabled').map((e) => e.details)).to.deep.equal([
      { by: 'user' },
    ]);
    expect(await caught(off(ADA.password, code()))).to.be.instanceOf(TwoFactorNotEnabled);
  });

  it('lets the operator reset a user’s second factor (the CLI)', async () => {
    const { app, logIn } = await adaWithTwoFactor();
    expect(await app.resetTwoFactor('Ada@Example.com')).to.equal(true);
    expect(await logIn()).to.have.property('accessToken');
    expect(await app.resetTwoFactor('ada')).to.equal(false);
    expect(await caught(app.resetTwoFactor('nobody'))).to.be.instanceOf(NotFound);
    expect(app.auditLog.events.filter((e) => e.type === 'mfa_disabled').map((e) => e.details)).to.deep.equal([
      { by: 'operator' },
    ]);
  });

  it('refuses API keys: two-factor settings are a person’s own', async () => {
    const app = await useCases();
    const key = { kind: 'api_key', apiKeyId: 'k', workspaceId: 'w', role: 'admin', name: 'ci' } as const;
    const refused = await caught(app.startTotpEnrolment(key as never));
    expect((refused as { code: string }).code).to.equal('api_key_not_allowed');
  });
});
