import type { ListSessions } from '../../../application/auth/list-sessions.ts';
import type { RevokeAllSessions } from '../../../application/auth/revoke-all-sessions.ts';
import type { RevokeSession } from '../../../application/auth/revoke-session.ts';
import { clientIpOf as ipOf, principalOf } from '../request-state.ts';
import type { RouteSpec } from '../route.ts';
import { sessionItem } from '../schemas/auth.ts';
import { idParams, page } from '../schemas/common.ts';

export interface LoginSessionRouteDeps {
  listSessions: ListSessions;
  revokeSession: RevokeSession;
  revokeAllSessions: RevokeAllSessions;
}

const tags = ['authentication, workspaces and billing'];

/** The caller's own API login sessions: list them, end one, end all. */
export function loginSessionRoutes(deps: LoginSessionRouteDeps): RouteSpec[] {
  return [
    {
      method: 'GET',
      path: '/api/auth/sessions',
      operationId: 'listSessions',
      summary: "The caller's active login sessions",
      description:
        'Live API login sessions of the caller, newest first; `current` marks the one making this request.',
      tags,
      security: 'bearer',
      responses: { 200: { description: 'Newest first.', schema: page(sessionItem) } },
      handler: async (ctx) => {
        const sessions = await deps.listSessions(principalOf(ctx));
        ctx.body = {
          items: sessions.map(({ session, current }) => ({
            id: session.id,
            created_at: session.createdAt.toISOString(),
            last_used_at: session.lastUsedAt.toISOString(),
            user_agent: session.userAgent,
            ip: session.ip,
            current,
          })),
          next_cursor: null,
        };
      },
    },
    {
      method: 'DELETE',
      path: '/api/auth/sessions/{id}',
      operationId: 'revokeSession',
      summary: 'Revoke one of your login sessions',
      description: 'Ends one of your own sessions; a session of another user answers 404.',
      tags,
      security: 'bearer',
      params: idParams,
      responses: { 204: { description: 'Revoked.' } },
      handler: async (ctx, { params }) => {
        await deps.revokeSession(principalOf(ctx), params.id as string, ipOf(ctx));
        ctx.status = 204;
      },
    },
    {
      method: 'POST',
      path: '/api/auth/sessions/revoke-all',
      operationId: 'revokeAllSessions',
      summary: 'Revoke all your login sessions, this one included',
      description:
        'Signs you out everywhere: every login session ends, including the one making this request.',
      tags,
      security: 'bearer',
      responses: {
        200: {
          description: 'How many sessions were revoked.',
          schema: {
            type: 'object',
            additionalProperties: false,
            required: ['revoked'],
            properties: { revoked: { type: 'integer', format: 'int32', minimum: 0, maximum: 100000 } },
          },
        },
      },
      handler: async (ctx) => {
        ctx.body = { revoked: await deps.revokeAllSessions(principalOf(ctx), ipOf(ctx)) };
      },
    },
  ];
}
