import type { ThroughBlueprints } from '../../../composition/blueprints.ts';
import { MAX_GRAPH_BYTES } from '../../../domain/blueprints/graph.ts';
import { idParams, page } from '../../platform/http/common-schemas.ts';
import {
  PAGE_BUDGET_BYTES,
  pageRequestOf,
  presentPage,
  presentPageWithin,
} from '../../platform/http/pagination.ts';
import { camelCased } from '../../platform/http/request-input.ts';
import { created, ok } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { blueprintUrl, presentBlueprint, presentVersion, versionUrl } from './blueprint-presenters.ts';
import {
  blueprint,
  createBlueprintRequest,
  listBlueprintsQuery,
  pageQuery,
  updateBlueprintRequest,
} from './blueprint-schemas.ts';
import {
  blueprintDiff,
  blueprintVersion,
  createVersionRequest,
  diffParams,
  versionParams,
} from './blueprint-version-schemas.ts';
import { validateGraphRequest, validGraph } from './graph-schemas.ts';

/** A graph of 256 KiB and the fields around it. */
const GRAPH_BODY_BYTES = MAX_GRAPH_BYTES + 16 * 1024;
const GRAPH_ERRORS =
  ' A graph that is not valid is a 400 `validation_failed` whose `errors` name every problem at once, each at ' +
  'its JSON Pointer (`/graph/nodes/3/input`).';

const location = (pattern: string, description: string) => ({
  Location: { description, schema: { type: 'string', maxLength: 200, pattern } },
});

export function blueprintRoutes(deps: ThroughBlueprints): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.workers);
  return [
    bearer.post('/api/blueprints', {
      operationId: 'createBlueprint',
      summary: 'Create a blueprint (admins)',
      description: `A versioned workflow graph; the graph given becomes version 1.${GRAPH_ERRORS}`,
      body: createBlueprintRequest,
      maxBodyBytes: GRAPH_BODY_BYTES,
      errors: [403, 404],
      responses: {
        201: {
          description: 'The new blueprint, `latest_version: 1`.',
          schema: blueprint,
          headers: location('^/api/blueprints/[0-9a-f-]{36}$', 'The blueprint: /api/blueprints/{id}.'),
        },
      },
      handler: async (ctx, { principal, body }) => {
        const added = await deps.createBlueprint(principal, camelCased(body));
        created(ctx, presentBlueprint(added), blueprintUrl(added));
      },
    }),
    bearer.post('/api/blueprints/validate', {
      operationId: 'validateBlueprintGraph',
      summary: 'Check a graph, storing nothing',
      description: `Checks a graph exactly as creating a version would.${GRAPH_ERRORS}`,
      body: validateGraphRequest,
      maxBodyBytes: GRAPH_BODY_BYTES,
      responses: { 200: { description: 'The graph is valid.', schema: validGraph } },
      handler: async (ctx, { principal, body }) => {
        await deps.validateGraph(principal, (body as { graph: unknown }).graph);
        ok(ctx, { valid: true });
      },
    }),
    bearer.get('/api/blueprints', {
      operationId: 'listBlueprints',
      summary: "A workspace's blueprints",
      description: 'Newest first.',
      query: listBlueprintsQuery,
      errors: [404],
      responses: { 200: { description: 'One page of blueprints.', schema: page(blueprint) } },
      handler: async (ctx, { principal, query }) => {
        const found = await deps.listBlueprints(
          principal,
          query.workspace_id as string,
          pageRequestOf(query),
        );
        ok(ctx, presentPage(found, presentBlueprint));
      },
    }),
    bearer.get('/api/blueprints/{id}', {
      operationId: 'getBlueprint',
      summary: 'A blueprint',
      description: 'Its name, description and the number of its latest version.',
      params: idParams,
      responses: { 200: { description: 'The blueprint.', schema: blueprint } },
      handler: async (ctx, { principal, params }) =>
        ok(ctx, presentBlueprint(await deps.getBlueprint(principal, params.id))),
    }),
    bearer.patch('/api/blueprints/{id}', {
      operationId: 'updateBlueprint',
      summary: 'Rename a blueprint (admins)',
      description:
        'Changes `name` or `description` (`null` clears it); the graph changes only by a new version.',
      params: idParams,
      body: updateBlueprintRequest,
      errors: [403],
      responses: { 200: { description: 'The changed blueprint.', schema: blueprint } },
      handler: async (ctx, { principal, params, body }) =>
        ok(ctx, presentBlueprint(await deps.updateBlueprint(principal, params.id, camelCased(body)))),
    }),
    bearer.delete('/api/blueprints/{id}', {
      operationId: 'deleteBlueprint',
      summary: 'Delete a blueprint (admins)',
      description: 'Deletes it with all its versions; one a mission runs is 409.',
      params: idParams,
      errors: [403, 409],
      responses: { 204: { description: 'Deleted.' } },
      handler: async (ctx, { principal, params }) => {
        await deps.deleteBlueprint(principal, params.id);
        ctx.status = 204;
      },
    }),
    bearer.post('/api/blueprints/{id}/versions', {
      operationId: 'createBlueprintVersion',
      summary: 'Add a version (admins)',
      description:
        'Versions are immutable and numbered 1, 2, 3, …; the new one becomes the latest. With `base_version` ' +
        `no longer the latest the answer is 409, so two editors never overwrite each other.${GRAPH_ERRORS}`,
      params: idParams,
      body: createVersionRequest,
      maxBodyBytes: GRAPH_BODY_BYTES,
      errors: [403, 409],
      responses: {
        201: {
          description: 'The new version.',
          schema: blueprintVersion,
          headers: location(
            '^/api/blueprints/[0-9a-f-]{36}/versions/[0-9]{1,10}$',
            'The version: /api/blueprints/{id}/versions/{version}.',
          ),
        },
      },
      handler: async (ctx, { principal, params, body }) => {
        const version = await deps.createBlueprintVersion(principal, params.id, camelCased(body));
        created(ctx, presentVersion(version), versionUrl(version));
      },
    }),
    bearer.get('/api/blueprints/{id}/versions', {
      operationId: 'listBlueprintVersions',
      summary: "A blueprint's versions",
      description: `Oldest first, with their graphs; a page holds at most ${PAGE_BUDGET_BYTES / 1024 / 1024} MiB of them.`,
      params: idParams,
      query: pageQuery,
      responses: { 200: { description: 'One page of versions.', schema: page(blueprintVersion) } },
      handler: async (ctx, { principal, params, query }) => {
        const found = await deps.listBlueprintVersions(principal, params.id, pageRequestOf(query));
        ok(
          ctx,
          presentPageWithin(found, presentVersion, (version) => version),
        );
      },
    }),
    bearer.get('/api/blueprints/{id}/versions/{version}', {
      operationId: 'getBlueprintVersion',
      summary: 'One version of a blueprint',
      description: 'Its graph and digest.',
      params: versionParams,
      responses: { 200: { description: 'The version.', schema: blueprintVersion } },
      handler: async (ctx, { principal, params }) =>
        ok(ctx, presentVersion(await deps.getBlueprintVersion(principal, params.id, Number(params.version)))),
    }),
    bearer.get('/api/blueprints/{id}/versions/{a}/diff/{b}', {
      operationId: 'diffBlueprintVersions',
      summary: 'What changed between two versions',
      description: "The RFC 6902 JSON Patch that turns version `a`'s graph into version `b`'s.",
      params: diffParams,
      responses: { 200: { description: 'The patch.', schema: blueprintDiff } },
      handler: async (ctx, { principal, params }) =>
        ok(ctx, await deps.diffBlueprintVersions(principal, params.id, Number(params.a), Number(params.b))),
    }),
  ];
}
