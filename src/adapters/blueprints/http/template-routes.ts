import type { ThroughBlueprints } from '../../../composition/blueprints.ts';
import type { BlueprintTemplate } from '../../../domain/blueprints/blueprint-template.ts';
import { page } from '../../platform/http/common-schemas.ts';
import { pageRequestOf, presentPage } from '../../platform/http/pagination.ts';
import { ok } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { blueprintTemplate, pageQuery } from './blueprint-schemas.ts';

const presentTemplate = ({ id, name, description, graph }: BlueprintTemplate) => ({
  id,
  name,
  description,
  graph,
});

export function templateRoutes(deps: ThroughBlueprints): RouteSpec[] {
  // Read here, when the server mounts its routes, so that an invalid template fails the start.
  const count = deps.blueprintTemplates.length;
  const bearer = bearerRoutes(TAGS.workers);
  return [
    bearer.get('/api/templates', {
      operationId: 'listTemplates',
      summary: "The server's built-in blueprint templates",
      description:
        `The ${count} graphs this server ships, by id, for any signed-in caller: they are the server's, not a ` +
        "workspace's. `POST /api/blueprints` with `template_id` starts a blueprint from one. Their parameters " +
        '(addresses, lists) come from the run input (`input.url`), so a template needs no edit, except a ' +
        "workspace's own resource: an `agent` node's `config.agent_id` is set in the graph before creating the " +
        'blueprint with it (the template says so in its description).',
      query: pageQuery,
      responses: { 200: { description: 'One page of templates.', schema: page(blueprintTemplate) } },
      handler: async (ctx, { principal, query }) =>
        ok(ctx, presentPage(await deps.listTemplates(principal, pageRequestOf(query)), presentTemplate)),
    }),
  ];
}
