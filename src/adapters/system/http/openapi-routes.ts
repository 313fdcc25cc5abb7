import type { RouteSpec } from '../../platform/http/route.ts';
import { publicRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';

/** `GET /api/v2/openapi.json`: the curated public contract, built once from the other routes' declarations. */
export function openApiRoute(document: () => Record<string, unknown>): RouteSpec {
  let cached: string | undefined;
  return publicRoutes(TAGS.platform).get('/api/v2/openapi.json', {
    operationId: 'getOpenApiDocument',
    summary: 'The public API contract (OpenAPI 3.1)',
    responses: {
      200: { description: 'The OpenAPI document.', schema: { type: 'object' } },
    },
    handler: (ctx) => {
      cached ??= JSON.stringify(document());
      ctx.type = 'application/json';
      ctx.set('Cache-Control', 'public, max-age=300');
      ctx.body = cached;
    },
  });
}
