import type { Router } from '@koa/router';
import type { Context } from 'koa';
import { toolInput } from '../../../application/agents/index.ts';
import type { AgentVersion, Thread } from '../../../domain/agents/index.ts';
import type { FormFields } from '../form-body.ts';
import { html } from '../html.ts';
import { formatTime } from '../pages/layout.ts';
import type { WebDeps } from '../web-context.ts';
import { definitionFields, definitionOf, readably } from './agent-forms.ts';
import { type ConsoleRequest, workspaceOf } from './console-context.ts';
import {
  consoleActionRoute,
  consoleFormRoute,
  consolePageRoute,
  type FormRefusal,
  sendConsolePage,
} from './console-handlers.ts';
import { curl, curlBox, pageOf, pager, postForm, table } from './kit.ts';

/** Versions shown on one page of an agent's page, newest first. */
const VERSIONS_PER_PAGE = 20;

const NOTICES: Record<string, string> = { created: 'The agent was created: version 1.' };

/** A whole number of the query (`?versions_below=`), else undefined. */
const numberOf = (value: unknown) =>
  typeof value === 'string' && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;

const toolsText = (version: AgentVersion) =>
  version.tools.length === 0 ? '' : JSON.stringify(version.tools.map(toolInput), null, 2);

/** An agent's page: its latest definition, its versions, its threads; a new thread; a new version (admins). */
export function agentPage(router: Router, deps: WebDeps): void {
  const render = async (
    ctx: Context,
    req: ConsoleRequest,
    agentId: string,
    extras: { error?: FormRefusal; notice?: string | undefined } = {},
  ) => {
    const { agent, version } = await deps.getAgent(req.principal, agentId);
    const view = await workspaceOf(deps, req, agent.workspaceId);
    const admin = view.role !== 'member';
    const below = Math.min(
      numberOf(ctx.query.versions_below) ?? agent.latestVersion + 1,
      agent.latestVersion + 1,
    );
    const numbers = Array.from({ length: Math.min(VERSIONS_PER_PAGE, below - 1) }, (_, i) => below - 1 - i);
    const versions = await Promise.all(numbers.map((n) => deps.getAgentVersion(req.principal, agent.id, n)));
    const threads = await deps.listThreads(
      req.principal,
      { workspaceId: agent.workspaceId, agentId: agent.id },
      pageOf(ctx.query, 20),
    );
    const providers = admin
      ? (await deps.listModelProviders(req.principal, agent.workspaceId, pageOf({}, 200))).items
      : [];
    const shown: FormFields = extras.error
      ? (req.form ?? {})
      : {
          provider_id: version.providerId,
          model: version.model,
          instructions: version.instructions,
          tools: toolsText(version),
        };
    const oldest = numbers.at(-1) ?? 1;
    const body = html`<section class="card"><h1>${agent.name}</h1>
${agent.description && html`<p>${agent.description}</p>`}
<dl>
<dt>Latest version</dt><dd>${agent.latestVersion}</dd>
<dt>Model</dt><dd>${version.model}</dd>
<dt>Instructions</dt><dd><pre><code>${version.instructions}</code></pre></dd>
<dt>Tools</dt><dd>${version.tools.length === 0 ? 'none' : version.tools.map((t) => t.name).join(', ')}</dd>
</dl>
${postForm(req.viewer, `/console/agents/${agent.id}/threads`, 'New thread')}
</section>
<section class="card"><h2>Threads</h2>
${table<Thread>(
  'Threads',
  [
    {
      label: 'Thread',
      cell: (t) => html`<a href="/console/threads/${t.id}">Thread of ${formatTime(t.createdAt)}</a>`,
    },
    { label: 'Started', cell: (t) => formatTime(t.createdAt) },
  ],
  threads.items,
  'No threads yet.',
)}
${pager(`/console/agents/${agent.id}`, {}, threads.next)}
</section>
<section class="card"><h2>Versions</h2>
${table<AgentVersion>(
  'Versions',
  [
    { label: 'Version', cell: (v) => v.version },
    { label: 'Model', cell: (v) => v.model },
    { label: 'Tools', cell: (v) => v.tools.length },
    { label: 'Created', cell: (v) => formatTime(v.createdAt) },
  ],
  versions,
  'No versions.',
)}
${oldest > 1 && html`<p><a href="/console/agents/${agent.id}?versions_below=${oldest}" rel="next">Older versions</a></p>`}
</section>
${
  admin &&
  html`<section class="card"><h2>Publish a new version</h2>
<p>Versions never change: saving makes version ${agent.latestVersion + 1}; runs keep the version they started with.</p>
${postForm(req.viewer, `/console/agents/${agent.id}`, 'Publish version', definitionFields(providers, shown))}
</section>`
}
${curlBox(
  curl('GET', `/api/agents/${agent.id}`),
  curl('GET', `/api/threads?workspace_id=${agent.workspaceId}&agent_id=${agent.id}`),
  curl('POST', '/api/threads', { workspace_id: agent.workspaceId, agent_id: agent.id }),
  curl('PATCH', `/api/agents/${agent.id}`, { instructions: 'Be briefer.' }),
)}`;
    const { error, notice } = extras;
    sendConsolePage(ctx, req, { title: agent.name, workspace: view.workspace, error, notice }, body);
  };

  consolePageRoute(router, deps, '/console/agents/:agent', (ctx, req) =>
    render(ctx, req, ctx.params.agent as string, { notice: NOTICES[String(ctx.query.notice)] }),
  );

  consoleFormRoute(
    router,
    deps,
    '/console/agents/:agent',
    async (ctx, req) => {
      const agentId = ctx.params.agent as string;
      const changed = await readably(() => deps.updateAgent(req.principal, agentId, definitionOf(req.form)));
      await render(ctx, req, agentId, { notice: `Version ${changed.version.version} was published.` });
    },
    (ctx, req, error) => render(ctx, req, ctx.params.agent as string, { error }),
  );

  consoleActionRoute(router, deps, '/console/agents/:agent/threads', async (_ctx, req) => {
    const { agent } = await deps.getAgent(req.principal, _ctx.params.agent as string);
    const thread = await deps.createThread(req.principal, {
      workspace_id: agent.workspaceId,
      agent_id: agent.id,
    });
    return `/console/threads/${thread.id}`;
  });
}
