import { expect } from 'chai';
import { InvalidRefreshToken, InvalidToken } from '../../../../src/domain/identity/auth-errors.ts';
import { ADA, useCases } from '../../../support/test-container.ts';

/** Logged in as ada; `lifetimes` (seconds) set the refresh lifetimes as the server reads them. */
async function loggedIn(lifetimes?: { readonly absolute: number; readonly idle: number }) {
  const env = lifetimes && {
    REFRESH_TOKEN_TTL_SECONDS: String(lifetimes.absolute),
    REFRESH_IDLE_TTL_SECONDS: String(lifetimes.idle),
  };
  const app = await useCases({ env });
  await app.registerUser(ADA);
  const pair = await app.logIn({
    usernameOrEmail: 'ada',
    password: ADA.password,
    ip: '192.0.2.1',
    userAgent: null,
  });
  const refresh = (refreshToken: string) => app.refreshSession({ refreshToken, ip: '192.0.2.1' });
  return { app, pair, refresh };
}

describe('refresh session', () => {
  it('rotates on every use: each refresh token yields the next one', async () => {
    const { pair, refresh } = await loggedIn();
    const second = await refresh(pair.refreshToken);
    const third = await refresh(second.refreshToken);
    expect(new Set([pair.refreshToken, second.refreshToken, third.refreshToken]).size).to.equal(3);
  });

  it('gives the same successor to the parent inside the grace window (concurrent tabs)', async () => {
    const { app, pair, refresh } = await loggedIn();
    const results = await Promise.all(Array.from({ length: 20 }, () => refresh(pair.refreshToken)));
    expect(new Set(results.map((r) => r.refreshToken)).size).to.equal(1);
    app.clock.advance(10);
    const again = await refresh(pair.refreshToken);
    expect(again.refreshToken).to.equal(results[0]?.refreshToken);
    expect(await refresh(again.refreshToken)).to.have.property('refreshToken');
  });

  it('counts the lifetime of a reissued token from the rotation, not from the reissue', async () => {
    const { app, pair, refresh } = await loggedIn();
    const rotated = await refresh(pair.refreshToken);
    app.clock.advance(5);
    const reissued = await refresh(pair.refreshToken);
    expect(reissued.refreshToken).to.equal(rotated.refreshToken);
    expect(reissued.refreshExpiresIn).to.equal(rotated.refreshExpiresIn - 5);
  });

  it('treats the parent after the grace window as reuse and revokes the whole session', async () => {
    const { app, pair, refresh } = await loggedIn();
    const second = await refresh(pair.refreshToken);
    app.clock.advance(11);
    expect(await refresh(pair.refreshToken).catch((e: unknown) => e)).to.be.instanceOf(InvalidRefreshToken);
    expect(await refresh(second.refreshToken).catch((e: unknown) => e)).to.be.instanceOf(InvalidRefreshToken);
    expect(await app.authenticate(second.accessToken).catch((e: unknown) => e)).to.be.instanceOf(
      InvalidToken,
    );
    expect(app.auditLog.events.map((e) => e.type)).to.include('refresh_reuse_detected');
  });

  it('treats any older generation as reuse even inside the grace window', async () => {
    const { pair, refresh } = await loggedIn();
    const second = await refresh(pair.refreshToken);
    const third = await refresh(second.refreshToken);
    expect(await refresh(pair.refreshToken).catch((e: unknown) => e)).to.be.instanceOf(InvalidRefreshToken);
    expect(await refresh(third.refreshToken).catch((e: unknown) => e)).to.be.instanceOf(InvalidRefreshToken);
  });

  it('expires after the idle lifetime without use, and is kept alive by use', async () => {
    const { app, pair, refresh } = await loggedIn({ absolute: 100_000, idle: 1000 });
    app.clock.advance(999);
    const kept = await refresh(pair.refreshToken);
    app.clock.advance(999);
    const keptAgain = await refresh(kept.refreshToken);
    app.clock.advance(1_000);
    expect(await refresh(keptAgain.refreshToken).catch((e: unknown) => e)).to.be.instanceOf(
      InvalidRefreshToken,
    );
  });

  it('expires at the absolute lifetime however often it is used', async () => {
    const { app, pair, refresh } = await loggedIn({ absolute: 3000, idle: 2000 });
    app.clock.advance(1_500);
    const second = await refresh(pair.refreshToken);
    expect(second.refreshExpiresIn).to.equal(1_500);
    app.clock.advance(1_500);
    expect(await refresh(second.refreshToken).catch((e: unknown) => e)).to.be.instanceOf(InvalidRefreshToken);
  });

  it('rejects malformed, unknown and access tokens', async () => {
    const { pair, refresh } = await loggedIn();
    for (const token of ['', 'garbage', pair.accessToken, 'rt:00000000-0000-7000-8000-0000000000ff:0']) {
      expect(await refresh(token).catch((e: unknown) => e), token).to.be.instanceOf(InvalidRefreshToken);
    }
  });

  it('stops working after logout', async () => {
    const { app, pair, refresh } = await loggedIn();
    const principal = await app.authenticate(pair.accessToken);
    await app.logOut(principal, '192.0.2.1');
    expect(await refresh(pair.refreshToken).catch((e: unknown) => e)).to.be.instanceOf(InvalidRefreshToken);
    expect(await app.authenticate(pair.accessToken).catch((e: unknown) => e)).to.be.instanceOf(InvalidToken);
  });
});
