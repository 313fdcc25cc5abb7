import type { CheckReadiness } from '../../../application/system/check-readiness.ts';
import { ok } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { publicRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';

const status = {
  type: 'object',
  required: ['status'],
  additionalProperties: false,
  properties: { status: { type: 'string', enum: ['ok'] } },
};

/** Probes for the orchestrator: not in the OpenAPI document. */
export function systemRoutes({ checkReadiness }: { checkReadiness: CheckReadiness }): RouteSpec[] {
  const open = publicRoutes(TAGS.platform);
  return [
    open.get('/healthz', {
      operationId: 'health',
      summary: 'The process is up',
      internal: true,
      responses: { 200: { description: 'Up.', schema: status } },
      handler: (ctx) => ok(ctx, { status: 'ok' }),
    }),
    open.get('/readyz', {
      operationId: 'readiness',
      summary: 'The database is reachable',
      internal: true,
      responses: { 200: { description: 'Ready.', schema: status } },
      handler: async (ctx) => {
        await checkReadiness();
        ok(ctx, { status: 'ok' });
      },
    }),
  ];
}
