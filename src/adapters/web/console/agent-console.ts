import type { Router } from '@koa/router';
import type { Context } from 'koa';
import type { Agent, AgentVersion } from '../../../domain/agents/index.ts';
import { html } from '../html.ts';
import { formatTime } from '../pages/layout.ts';
import { seeOther, type WebDeps } from '../web-context.ts';
import { definitionFields, definitionOf, readably } from './agent-forms.ts';
import { agentPage } from './agent-page.ts';
import { type ConsoleRequest, requiredText, workspaceOf } from './console-context.ts';
import { type FormRefusal, sendConsolePage, workspacePageRoutes } from './console-handlers.ts';
import { curl, curlBox, field, pageOf, pager, postForm, table } from './kit.ts';

type Listed = { agent: Agent; version: AgentVersion };

/** Agents: a workspace's list and the form that creates one (admins); each agent's page is agent-page.ts. */
export function agentConsole(router: Router, deps: WebDeps): void {
  const listPage = async (ctx: Context, req: ConsoleRequest, id: string, error?: FormRefusal) => {
    const view = await workspaceOf(deps, req, id);
    const agents = await deps.listAgents(req.principal, id, pageOf(ctx.query));
    const admin = view.role !== 'member';
    const providers = admin ? (await deps.listModelProviders(req.principal, id, pageOf({}, 200))).items : [];
    const body = html`<section class="card"><h1>Agents</h1>
${table<Listed>(
  'Agents',
  [
    { label: 'Name', cell: ({ agent }) => html`<a href="/console/agents/${agent.id}">${agent.name}</a>` },
    { label: 'Model', cell: ({ version }) => version.model },
    { label: 'Version', cell: ({ agent }) => agent.latestVersion },
    { label: 'Updated', cell: ({ agent }) => formatTime(agent.updatedAt) },
  ],
  agents.items,
  'No agents yet.',
)}
${pager(`/console/w/${id}/agents`, {}, agents.next)}
</section>
${
  admin &&
  html`<section class="card"><h2>New agent</h2>
${
  providers.length === 0
    ? html`<p>An agent talks to a model through a <a href="/console/w/${id}/providers">model provider</a>: add one first.</p>`
    : postForm(
        req.viewer,
        `/console/w/${id}/agents`,
        'Create agent',
        html`${field({ name: 'name', label: 'Name', value: error ? req.form?.name : '', required: true })}
${definitionFields(providers, error ? (req.form ?? {}) : {})}`,
      )
}
</section>`
}
${curlBox(
  curl('GET', `/api/agents?workspace_id=${id}`),
  curl('POST', '/api/agents', {
    workspace_id: id,
    name: 'Helper',
    provider_id: '$PROVIDER',
    model: 'gpt-4o-mini',
    instructions: 'Be brief.',
  }),
)}`;
    sendConsolePage(ctx, req, { title: 'Agents', workspace: view.workspace, error }, body);
  };

  workspacePageRoutes(router, deps, {
    path: '/console/w/:id/agents',
    render: listPage,
    submit: async (ctx, req, workspaceId) => {
      const name = requiredText(req.form, 'name', 'the name', 100);
      const made = await readably(() =>
        deps.createAgent(req.principal, { workspace_id: workspaceId, name, ...definitionOf(req.form) }),
      );
      seeOther(ctx, `/console/agents/${made.agent.id}?notice=created`);
    },
  });

  agentPage(router, deps);
}
