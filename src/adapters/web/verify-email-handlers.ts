import type { Router } from '@koa/router';
import { InvalidAccountToken } from '../../domain/identity/index.ts';
import { readForm } from './form-body.ts';
import { verifyEmailPage } from './pages/verify-email-page.ts';
import { assertSameOrigin } from './same-origin.ts';
import { ipOf, sendPage, type WebDeps } from './web-context.ts';

const PLAUSIBLE_TOKEN = /^[A-Za-z0-9_-]{1,128}$/;
const INVALID = 'This link is invalid, has expired or was already used. Sign in and ask for a new one.';

/**
 * The verification link's page. Its POST needs no session (the token is the credential) and no CSRF token:
 * a foreign page could only spend a token it already holds; the origin check still refuses foreign forms.
 */
export function verifyEmailHandlers(router: Router, deps: WebDeps): void {
  router.get('/verify-email', (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : undefined;
    if (token !== undefined && !PLAUSIBLE_TOKEN.test(token))
      return sendPage(ctx, 400, verifyEmailPage({ error: INVALID }));
    sendPage(ctx, 200, verifyEmailPage(token ? { token } : {}));
  });

  router.post('/verify-email', async (ctx) => {
    assertSameOrigin(ctx, deps.publicOrigin);
    const { token } = await readForm(ctx);
    if (!token || !PLAUSIBLE_TOKEN.test(token))
      return sendPage(ctx, 400, verifyEmailPage({ error: INVALID }));
    try {
      await deps.verifyEmail(token, { ip: ipOf(ctx) });
      sendPage(ctx, 200, verifyEmailPage({ verified: true }));
    } catch (error) {
      if (!(error instanceof InvalidAccountToken)) throw error;
      sendPage(ctx, 400, verifyEmailPage({ error: INVALID }));
    }
  });
}
