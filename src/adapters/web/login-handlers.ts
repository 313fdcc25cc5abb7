import type { Router } from '@koa/router';
import type { Context } from 'koa';
import {
  CsrfRejected,
  constantTimeEqual,
  InvalidCredentials,
  MfaRequired,
} from '../../domain/identity/index.ts';
import { DomainError, RateLimited } from '../../domain/kernel/errors.ts';
import { clearCookie, readCookie, writeCookie } from '../identity/index.ts';
import { readForm } from './form-body.ts';
import { type LoginPageModel, loginPage } from './pages/login-page.ts';
import { mfaPage } from './pages/mfa-page.ts';
import { assertSameOrigin } from './same-origin.ts';
import {
  currentSession,
  enterSession,
  ipOf,
  seeOther,
  sendPage,
  sessionRequest,
  type WebDeps,
} from './web-context.ts';

/** How long a loaded sign-in form stays usable. */
const LOGIN_FORM_SECONDS = 2 * 3600;
const PLAUSIBLE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const NOTICES = new Map(
  Object.entries({
    'signed-out': 'You are signed out.',
    'session-ended': 'Your session has ended. Please sign in again.',
    'password-reset': 'Your password was changed and every session signed out. Sign in with the new one.',
  }),
);

/**
 * Sign-in has no session to bind a CSRF token to yet, so its form is protected by a double-submitted token:
 * a random value in a SameSite=Strict cookie that must come back, equal, in the form (besides the Origin
 * check). It stops a foreign site from signing a browser in to the attacker's account (login CSRF).
 */
export function loginFormToken(ctx: Context, deps: WebDeps): string {
  const held = readCookie(ctx, 'login', deps.cookieSettings);
  const token = held && PLAUSIBLE_TOKEN.test(held) ? held : deps.sessionTokens.newToken();
  writeCookie(
    ctx,
    'login',
    token,
    { maxAgeSeconds: LOGIN_FORM_SECONDS, sameSite: 'Strict' },
    deps.cookieSettings,
  );
  return token;
}

/** Checks the double-submitted token of a form shown before any session exists (sign-in, password reset). */
export function assertLoginFormToken(ctx: Context, deps: WebDeps, sent: string | undefined): string {
  const expected = readCookie(ctx, 'login', deps.cookieSettings);
  if (!expected || !sent || !constantTimeEqual(expected, sent)) {
    throw new CsrfRejected('the form has expired or was not sent from this site; reload it');
  }
  return expected;
}

export function failure(error: unknown): { status: number; message: string } {
  // One message for unknown user, wrong password and disabled account, as on the API (no enumeration).
  // 422, not 401: a 401 must carry an HTTP authentication challenge, and a form is not one.
  if (error instanceof InvalidCredentials) {
    return { status: 422, message: 'The username or e-mail and password do not match.' };
  }
  if (error instanceof RateLimited) {
    return {
      status: 429,
      message: `Too many sign-in attempts. Try again in ${error.retryAfterSeconds} seconds.`,
    };
  }
  if (error instanceof DomainError && (error.kind === 'invalid' || error.kind === 'unavailable')) {
    return { status: error.kind === 'invalid' ? 400 : 503, message: `${error.message}.` };
  }
  throw error;
}

export function loginHandlers(router: Router, deps: WebDeps): void {
  router.get('/login', async (ctx) => {
    if (await currentSession(ctx, deps)) return seeOther(ctx, '/');
    const notice = NOTICES.get(String(ctx.query.notice));
    const providers = deps.identityProviders.list();
    sendPage(ctx, 200, loginPage({ csrfToken: loginFormToken(ctx, deps), notice, providers }));
  });

  router.post('/login', async (ctx) => {
    assertSameOrigin(ctx, deps.publicOrigin);
    const form = await readForm(ctx);
    const expected = readCookie(ctx, 'login', deps.cookieSettings);
    if (!expected || !form._csrf || !constantTimeEqual(expected, form._csrf)) {
      throw new CsrfRejected('the sign-in form has expired or was not sent from this site; reload it');
    }
    const usernameOrEmail = (form.username_or_email ?? '').slice(0, 320);
    const page = (status: number, error: string): void => {
      const providers = deps.identityProviders.list();
      const model: LoginPageModel = { csrfToken: expected, usernameOrEmail, error, providers };
      sendPage(ctx, status, loginPage(model));
    };
    if (!usernameOrEmail.trim() || !form.password) {
      return page(400, 'Enter your username or e-mail and your password.');
    }
    try {
      const signedIn = await deps.signIn({
        usernameOrEmail,
        password: form.password,
        ...sessionRequest(ctx, deps),
      });
      // The login form cookie is left to expire: a second tab's sign-in form stays usable.
      enterSession(ctx, deps, signedIn);
    } catch (error) {
      // The password was right and the account has two-factor login: the page asks for the code.
      if (error instanceof MfaRequired)
        return sendPage(ctx, 200, mfaPage({ csrfToken: expected, mfaToken: error.mfaToken }));
      const { status, message } = failure(error);
      if (error instanceof RateLimited) ctx.set('Retry-After', String(error.retryAfterSeconds));
      page(status, message);
    }
  });

  router.post('/logout', async (ctx) => {
    assertSameOrigin(ctx, deps.publicOrigin);
    const form = await readForm(ctx);
    const current = await currentSession(ctx, deps);
    if (current) {
      if (!current.session.acceptsCsrfToken(form._csrf)) throw new CsrfRejected();
      await deps.signOut(current, ipOf(ctx));
    }
    clearCookie(ctx, 'session', deps.cookieSettings);
    seeOther(ctx, '/login?notice=signed-out');
  });
}
