import type { ThroughIdentity } from '../../../composition/identity.ts';
import * as answer from '../../platform/http/answers.ts';
import { page } from '../../platform/http/common-schemas.ts';
import { clientIpOf } from '../../platform/http/request-state.ts';
import { ok } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { presentLoginSession } from './auth-presenters.ts';
import { revokedCount, sessionItem } from './auth-schemas.ts';

/** The caller's own API login sessions: list them, end one, end all. An API key gets 403 `api_key_not_allowed`. */
export function loginSessionRoutes(deps: ThroughIdentity): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.account);
  return [
    bearer.get('/api/auth/sessions', {
      operationId: 'listSessions',
      errors: [403],
      summary: "The caller's active login sessions",
      description:
        'Live API login sessions of the caller, newest first; `current` marks the one making this request.',
      responses: { 200: { description: 'Newest first.', schema: page(sessionItem) } },
      handler: async (ctx, { principal }) => {
        const sessions = await deps.listSessions(principal);
        ok(ctx, { items: sessions.map(presentLoginSession), next_cursor: null });
      },
    }),
    bearer.delete('/api/auth/sessions/{id}', {
      operationId: 'revokeSession',
      errors: [403],
      summary: 'Revoke one of your login sessions',
      description: 'Ends one of your own sessions; a session of another user answers 404.',
      ...answer.nothing('Revoked.', ({ principal, params }, ctx) =>
        deps.revokeSession(principal, params.id, clientIpOf(ctx)),
      ),
    }),
    bearer.post('/api/auth/sessions/revoke-all', {
      operationId: 'revokeAllSessions',
      errors: [403],
      summary: 'Revoke all your login sessions, this one included',
      description:
        'Signs you out everywhere: every login session ends, including the one making this request.',
      responses: { 200: { description: 'How many sessions were revoked.', schema: revokedCount } },
      handler: async (ctx, { principal }) =>
        ok(ctx, { revoked: await deps.revokeAllSessions(principal, clientIpOf(ctx)) }),
    }),
  ];
}
