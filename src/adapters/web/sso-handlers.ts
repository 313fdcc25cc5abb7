import type { Router } from '@koa/router';
import type { Context } from 'koa';
import { DomainError } from '../../domain/kernel/errors.ts';
import { clearCookie, readCookie, writeCookie } from '../identity/index.ts';
import { loginFormToken } from './login-handlers.ts';
import { loginPage } from './pages/login-page.ts';
import { enterSession, seeOther, sendPage, sessionRequest, type WebDeps } from './web-context.ts';

/**
 * Single sign-on (CONTRACT section 14): `GET /auth/sso/{provider}` sends the browser to the provider with a
 * sealed pending sign-in in an HttpOnly cookie; `GET /auth/sso/{provider}/callback` checks the answer against
 * it and ends in a browser session, as the password form does. The cookie is cleared at the callback whatever
 * happens, so a callback address opened twice finds nothing to complete.
 */
export function ssoHandlers(router: Router, deps: WebDeps): void {
  const redirectUri = (provider: string) =>
    `${deps.config.publicUrl}/auth/sso/${encodeURIComponent(provider)}/callback`;

  router.get('/auth/sso/:provider', async (ctx) => {
    const { provider } = ctx.params as { provider: string };
    const { authorizationUrl, sealed, expiresInSeconds } = await deps.startSso(
      provider,
      redirectUri(provider),
    );
    // Lax, not Strict: the provider sends the browser back with a top-level GET from its own site.
    const options = { maxAgeSeconds: expiresInSeconds, sameSite: 'Lax' } as const;
    writeCookie(ctx, 'sso', sealed, options, deps.cookieSettings);
    seeOther(ctx, authorizationUrl.href);
  });

  router.get('/auth/sso/:provider/callback', async (ctx) => {
    const { provider } = ctx.params as { provider: string };
    const sealed = readCookie(ctx, 'sso', deps.cookieSettings);
    clearCookie(ctx, 'sso', deps.cookieSettings);
    try {
      const signedIn = await deps.finishSso({
        providerId: provider,
        callbackUrl: new URL(ctx.originalUrl, deps.config.publicUrl),
        redirectUri: redirectUri(provider),
        sealed,
        ...sessionRequest(ctx, deps),
      });
      enterSession(ctx, deps, signedIn);
    } catch (error) {
      refused(ctx, deps, error);
    }
  });
}

/** A refused sign-in shows the sign-in page again, with why and the same buttons; anything else is an error page. */
function refused(ctx: Context, deps: WebDeps, error: unknown): void {
  if (!(error instanceof DomainError) || !['invalid', 'forbidden'].includes(error.kind)) throw error;
  const message = `${error.message.charAt(0).toUpperCase()}${error.message.slice(1)}.`;
  const page = loginPage({
    csrfToken: loginFormToken(ctx, deps),
    error: message,
    providers: deps.identityProviders.list(),
  });
  sendPage(ctx, error.kind === 'invalid' ? 400 : 403, page);
}
