import { makeChangePassword } from '../../../../src/application/browser/change-password.ts';
import { makeGetHome } from '../../../../src/application/browser/get-home.ts';
import { makeResolveBrowserSession } from '../../../../src/application/browser/resolve-browser-session.ts';
import { makeRevokeOwnSession } from '../../../../src/application/browser/revoke-own-session.ts';
import { makeSignIn } from '../../../../src/application/browser/sign-in.ts';
import { makeSignOut } from '../../../../src/application/browser/sign-out.ts';
import type { SessionTokens } from '../../../../src/application/ports/session-tokens.ts';
import { authFixture } from '../../../support/auth-fixture.ts';

/** Readable tokens of the right shape; the "hash" is visibly different from the token. */
export class CountingTokens implements SessionTokens {
  #next = 0;
  newToken(): string {
    this.#next++;
    return `t${String(this.#next).padStart(42, '0')}`;
  }
  hash(token: string): string {
    return `hash(${token})`;
  }
}

export const BROWSER_LIFETIMES = { idleSeconds: 600, absoluteSeconds: 3600 };

/** The identity fixture plus the browser-surface use cases, on in-memory adapters. */
export function browserFixture() {
  const auth = authFixture();
  const deps = {
    ...auth,
    sessionTokens: new CountingTokens(),
    browserSessionLifetimes: BROWSER_LIFETIMES,
  };
  return {
    ...deps,
    signIn: makeSignIn(deps),
    resolveBrowserSession: makeResolveBrowserSession(deps),
    signOut: makeSignOut(deps),
    getHome: makeGetHome(deps),
    revokeOwnSession: makeRevokeOwnSession(deps),
    changePassword: makeChangePassword(deps),
  };
}

export const signInInput = (usernameOrEmail: string, password: string, previousToken?: string) => ({
  usernameOrEmail,
  password,
  ip: '203.0.113.9',
  userAgent: 'test-browser',
  previousToken,
});
