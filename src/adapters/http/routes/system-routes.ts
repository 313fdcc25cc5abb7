import type { CheckReadiness } from '../../../application/system/check-readiness.ts';
import type { RouteSpec } from '../route.ts';

const status = {
  type: 'object',
  required: ['status'],
  additionalProperties: false,
  properties: { status: { type: 'string', enum: ['ok'] } },
};

export function systemRoutes({ checkReadiness }: { checkReadiness: CheckReadiness }): RouteSpec[] {
  return [
    {
      method: 'GET',
      path: '/healthz',
      operationId: 'health',
      summary: 'The process is up',
      tags: ['platform services'],
      security: 'public',
      internal: true,
      responses: { 200: { description: 'Up.', schema: status } },
      handler: (ctx) => {
        ctx.body = { status: 'ok' };
      },
    },
    {
      method: 'GET',
      path: '/readyz',
      operationId: 'readiness',
      summary: 'The database is reachable',
      tags: ['platform services'],
      security: 'public',
      internal: true,
      responses: { 200: { description: 'Ready.', schema: status } },
      handler: async (ctx) => {
        await checkReadiness();
        ctx.body = { status: 'ok' };
      },
    },
  ];
}
