import type { ThroughIdentity } from '../../../composition/identity.ts';
import { sendJson } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { publicRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { presentBrowserSession } from './auth-presenters.ts';
import { browserSession } from './auth-schemas.ts';
import { readCookie } from './cookies.ts';

/**
 * `GET /api/auth/session`: the only `/api/*` route that reads the browser session cookie, and it only reports
 * on it. It authenticates nothing: no other route trusts the cookie, and a bearer token never makes this
 * answer non-null (SPEC section 5, rule 7).
 */
export function sessionRoute(deps: ThroughIdentity): RouteSpec {
  return publicRoutes(TAGS.account).get('/api/auth/session', {
    operationId: 'getBrowserSession',
    summary: 'The web application session (not API authentication)',
    description:
      "Reflects only the browser web application's session, identified by its HttpOnly session cookie. " +
      'Answers the JSON literal `null` when there is no valid browser session, which is always the case for ' +
      'a client that logged in only through `POST /api/auth/login`: a bearer token never makes this answer ' +
      'non-null. This is not an API authentication endpoint: the cookie is accepted by no other `/api/*` ' +
      'route (a request carrying only the cookie gets 401 there); use the bearer access token for API work.',
    responses: {
      200: {
        description: 'The signed-in user of the browser session, or `null` when there is none.',
        schema: { oneOf: [{ type: 'null' }, browserSession] },
      },
    },
    handler: async (ctx) => {
      ctx.vary('Cookie');
      const token = readCookie(ctx, 'session', deps.cookieSettings);
      const current = token ? await deps.resolveBrowserSession(token) : undefined;
      ctx.type = 'application/json';
      // Koa turns a null body into 204: the literal is written as text.
      sendJson(ctx, current ? presentBrowserSession(current, deps.browserSessionLifetimes) : 'null');
    },
  });
}
