import { expect } from 'chai';
import { InvalidCredentials } from '../../../../src/domain/identity/auth-errors.ts';
import { FakePasswordHasher } from '../../../support/auth-fakes.ts';
import { ADA, useCases } from '../../../support/test-container.ts';

/** A fake hasher whose next verification waits until the test lets it finish: a login held in flight. */
class HeldHasher extends FakePasswordHasher {
  #hold: Promise<void> | undefined;
  #release: (() => void) | undefined;
  #entered: (() => void) | undefined;

  /** Resolves once a verification is waiting; `release()` lets it finish. */
  holdNext(): Promise<void> {
    this.#hold = new Promise((resolve) => {
      this.#release = resolve;
    });
    return new Promise((resolve) => {
      this.#entered = resolve;
    });
  }

  release(): void {
    this.#release?.();
  }

  override async verify(hash: string, password: string): Promise<boolean> {
    const result = await super.verify(hash, password);
    const hold = this.#hold;
    this.#hold = undefined;
    if (hold) {
      this.#entered?.();
      await hold;
    }
    return result;
  }
}

const ip = '198.51.100.7';

async function adaWithHeldHasher() {
  const app = await useCases({ doubles: { passwordHasher: new HeldHasher() } });
  const user = await app.registerUser(ADA);
  return { app, user };
}

/** Starts ada's login and holds it after her password was checked; `during` runs while it is held. */
async function loginInFlight(
  app: Awaited<ReturnType<typeof adaWithHeldHasher>>['app'],
  during: () => Promise<void>,
) {
  const entered = app.passwordHasher.holdNext();
  const login = app.logIn({ usernameOrEmail: 'ada', password: ADA.password, ip, userAgent: null });
  await entered;
  await during();
  app.passwordHasher.release();
  return login.catch((error: unknown) => error);
}

describe('security epoch: a login in flight, token checks and refreshes see what happened to the user', () => {
  it('a login in flight when the user is disabled starts no session', async () => {
    const { app, user } = await adaWithHeldHasher();
    const outcome = await loginInFlight(app, () => app.disableUser('ada'));
    expect(outcome).to.be.instanceOf(InvalidCredentials);
    expect(await app.loginSessions.listForUser(user.id, app.clock.now())).to.deep.equal([]);
  });

  it('a login in flight when an administrator resets the password starts no session', async () => {
    const { app, user } = await adaWithHeldHasher();
    const outcome = await loginInFlight(app, () => app.setPassword('ada', 'a brand new password'));
    expect(outcome).to.be.instanceOf(InvalidCredentials);
    expect(await app.loginSessions.listForUser(user.id, app.clock.now())).to.deep.equal([]);
  });

  it('a browser sign-in in flight when an administrator resets the password starts no session', async () => {
    const { app, user } = await adaWithHeldHasher();
    const entered = app.passwordHasher.holdNext();
    const signIn = app.signIn({
      usernameOrEmail: 'ada',
      password: ADA.password,
      ip,
      userAgent: null,
      previousToken: undefined,
    });
    await entered;
    await app.setPassword('ada', 'a brand new password');
    app.passwordHasher.release();
    expect(await signIn.catch((error: unknown) => error)).to.be.instanceOf(InvalidCredentials);
    expect(await app.browserSessions.listForUser(user.id, app.clock.now())).to.deep.equal([]);
  });

  it('a session that outlived a change of its user is refused by the token check and by refresh', async () => {
    const app = await useCases();
    const user = await app.registerUser(ADA);
    const pair = await app.logIn({ usernameOrEmail: 'ada', password: ADA.password, ip, userAgent: null });
    // The user's state changes but this session is not revoked: what a login racing the change leaves behind.
    await app.users.setDisabled(user.id, true);
    await app.users.setDisabled(user.id, false);
    const check = await app.authenticate(pair.accessToken).catch((error: unknown) => error);
    expect(check, 'token check').to.be.instanceOf(Error);
    expect((check as { code?: string }).code).to.equal('invalid_token');
    const refresh = await app
      .refreshSession({ refreshToken: pair.refreshToken, ip })
      .catch((e: unknown) => e);
    expect(refresh, 'refresh').to.be.instanceOf(Error);
    expect((refresh as { code?: string }).code).to.equal('invalid_token');
  });
});
