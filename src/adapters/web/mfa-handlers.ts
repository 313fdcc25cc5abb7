import type { Router } from '@koa/router';
import { InvalidCredentials, InvalidToken } from '../../domain/identity/index.ts';
import { RateLimited } from '../../domain/kernel/errors.ts';
import { readForm } from './form-body.ts';
import { assertLoginFormToken, failure } from './login-handlers.ts';
import { loginPage } from './pages/login-page.ts';
import { mfaPage } from './pages/mfa-page.ts';
import { assertSameOrigin } from './same-origin.ts';
import { enterSession, sendPage, sessionRequest, type WebDeps } from './web-context.ts';

/**
 * `POST /login/mfa`: the sign-in form's second step, for an account with two-factor login. Protected like the
 * sign-in form (same origin, the double-submitted token); the `mfa_token` it carries says whose password was
 * right, and the code is spent as on the API (once; throttled like a password).
 */
export function mfaHandlers(router: Router, deps: WebDeps): void {
  router.post('/login/mfa', async (ctx) => {
    assertSameOrigin(ctx, deps.publicOrigin);
    const form = await readForm(ctx);
    const csrfToken = assertLoginFormToken(ctx, deps, form._csrf);
    const mfaToken = (form.mfa_token ?? '').slice(0, 300);
    const again = (status: number, error: string) =>
      sendPage(ctx, status, mfaPage({ csrfToken, mfaToken, error }));
    if (!form.code?.trim()) return again(400, 'Enter the code from your authenticator app.');
    try {
      const code = form.code.slice(0, 64);
      enterSession(ctx, deps, await deps.completeMfaSignIn({ mfaToken, code, ...sessionRequest(ctx, deps) }));
    } catch (error) {
      if (error instanceof InvalidToken) {
        return sendPage(
          ctx,
          422,
          loginPage({
            csrfToken,
            error: 'The sign-in took too long. Please sign in again.',
            providers: deps.identityProviders.list(),
          }),
        );
      }
      if (error instanceof InvalidCredentials)
        return again(422, 'The code is not correct, or was used already.');
      const { status, message } = failure(error);
      if (error instanceof RateLimited) ctx.set('Retry-After', String(error.retryAfterSeconds));
      again(status, message);
    }
  });
}
