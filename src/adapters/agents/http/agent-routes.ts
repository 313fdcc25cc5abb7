import type { ThroughAgents } from '../../../composition/agents.ts';
import { idParams, page } from '../../platform/http/common-schemas.ts';
import { pageRequestOf, presentPage } from '../../platform/http/pagination.ts';
import { created, ok } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { presentAgent, presentAgentVersion } from './agent-presenters.ts';
import {
  agent,
  agentVersion,
  createAgentRequest,
  listAgentsQuery,
  updateAgentRequest,
  versionParams,
} from './agent-schemas.ts';

const TOOLS =
  ' Tools: `{type: "code", name, description}` (the model writes JavaScript defining `main(input)`, run in the ' +
  'sandbox), `{type: "mission", mission_id, name, description, input_schema?}` and `{type: "blueprint", ' +
  'blueprint_id, name, description, input_schema?}` (child runs of the answer); any may carry ' +
  '`requires_approval: true`.';

export function agentRoutes(deps: ThroughAgents): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.workers);
  return [
    bearer.post('/api/agents', {
      operationId: 'createAgent',
      summary: 'Create an agent (admins)',
      description: `Its model (through a provider of the workspace), instructions, tools and settings: version 1.${TOOLS}`,
      body: createAgentRequest,
      errors: [403, 404, 409],
      responses: { 201: { description: 'The new agent, `version: 1`.', schema: agent } },
      handler: async (ctx, { principal, body }) => {
        const made = await deps.createAgent(principal, body as never);
        created(ctx, presentAgent(made), `/api/agents/${made.agent.id}`);
      },
    }),
    bearer.get('/api/agents', {
      operationId: 'listAgents',
      summary: "A workspace's agents",
      description: 'Oldest first, each with its latest version.',
      query: listAgentsQuery,
      errors: [404],
      responses: { 200: { description: 'One page of agents.', schema: page(agent) } },
      handler: async (ctx, { principal, query }) => {
        const found = await deps.listAgents(principal, query.workspace_id as string, pageRequestOf(query));
        ok(ctx, presentPage(found, presentAgent));
      },
    }),
    bearer.get('/api/agents/{id}', {
      operationId: 'getAgent',
      summary: 'An agent',
      description: 'With its latest version.',
      params: idParams,
      responses: { 200: { description: 'The agent.', schema: agent } },
      handler: async (ctx, { principal, params }) =>
        ok(ctx, presentAgent(await deps.getAgent(principal, params.id))),
    }),
    bearer.patch('/api/agents/{id}', {
      operationId: 'updateAgent',
      summary: 'Change an agent (admins): a new version',
      description:
        'The fields sent replace those of the latest version in a new one (versions never change; a run keeps ' +
        `the version it started with).${TOOLS}`,
      params: idParams,
      body: updateAgentRequest,
      errors: [403, 409],
      responses: { 200: { description: 'The agent with its new version.', schema: agent } },
      handler: async (ctx, { principal, params, body }) =>
        ok(ctx, presentAgent(await deps.updateAgent(principal, params.id, body as never))),
    }),
    bearer.delete('/api/agents/{id}', {
      operationId: 'deleteAgent',
      summary: 'Delete an agent (admins)',
      description: 'With its versions, threads, their messages and runs.',
      params: idParams,
      errors: [403],
      responses: { 204: { description: 'Deleted.' } },
      handler: async (ctx, { principal, params }) => {
        await deps.deleteAgent(principal, params.id);
        ctx.status = 204;
      },
    }),
    bearer.get('/api/agents/{id}/versions/{version}', {
      operationId: 'getAgentVersion',
      summary: 'One version of an agent',
      description: 'Versions are immutable.',
      params: versionParams,
      responses: { 200: { description: 'The version.', schema: agentVersion } },
      handler: async (ctx, { principal, params }) =>
        ok(
          ctx,
          presentAgentVersion(await deps.getAgentVersion(principal, params.id, Number(params.version))),
        ),
    }),
  ];
}
