import type { Router } from '@koa/router';
import type { Context } from 'koa';
import { PROVIDER_KINDS, type ProviderAccount } from '../../../domain/models/index.ts';
import { html } from '../html.ts';
import { formatTime } from '../pages/layout.ts';
import { seeOther, type WebDeps } from '../web-context.ts';
import { type ConsoleRequest, choice, requiredText, workspaceOf } from './console-context.ts';
import {
  consoleActionRoute,
  type FormRefusal,
  sendConsolePage,
  workspacePageRoutes,
} from './console-handlers.ts';
import { actionButton, curl, curlBox, field, pageOf, pager, postForm, table } from './kit.ts';

const NOTICES: Record<string, string> = {
  added: 'The model provider was added. Its key is stored sealed and is never shown.',
  deleted: 'The model provider was deleted.',
};

/** A workspace's model providers: list, add (the key is written, never shown), delete. */
export function providerConsole(router: Router, deps: WebDeps): void {
  const providersPage = async (ctx: Context, req: ConsoleRequest, id: string, error?: FormRefusal) => {
    const view = await workspaceOf(deps, req, id);
    const providers = await deps.listModelProviders(req.principal, id, pageOf(ctx.query));
    const admin = view.role !== 'member';
    const kept = error ? req.form : undefined;
    const body = html`<section class="card"><h1>Model providers</h1>
${table<ProviderAccount>(
  'Model providers',
  [
    { label: 'Name', cell: (p) => p.name },
    { label: 'Kind', cell: (p) => p.kind },
    { label: 'Address', cell: (p) => p.endpoint },
    { label: 'Added', cell: (p) => formatTime(p.createdAt) },
    ...(admin
      ? [
          {
            label: 'Actions',
            cell: (p: ProviderAccount) =>
              actionButton(
                req.viewer,
                `/console/w/${id}/providers/${p.id}/delete`,
                'Delete',
                `Delete the provider ${p.name}`,
              ),
          },
        ]
      : []),
  ],
  providers.items,
  'No model providers yet.',
)}
${pager(`/console/w/${id}/providers`, {}, providers.next)}
</section>
${
  admin &&
  html`<section class="card"><h2>Add a model provider</h2>
${postForm(
  req.viewer,
  `/console/w/${id}/providers`,
  'Add provider',
  html`${field({ name: 'name', label: 'Name', required: true, value: kept?.name })}
${field({ name: 'kind', label: 'Kind', options: PROVIDER_KINDS, value: kept?.kind ?? 'openai' })}
${field({ name: 'base_url', label: 'Base URL (optional)', type: 'url', value: kept?.base_url, hint: "Empty: the kind's public API." })}
${field({ name: 'api_key', label: 'API key', type: 'password', required: true, hint: 'Stored sealed; never shown again.' })}`,
)}
</section>`
}
${curlBox(
  curl('GET', `/api/workspaces/${id}/model-providers`),
  curl('POST', `/api/workspaces/${id}/model-providers`, {
    name: 'openai',
    kind: 'openai',
    api_key: '$OPENAI_API_KEY',
  }),
)}`;
    const notice = NOTICES[String(ctx.query.notice)];
    sendConsolePage(ctx, req, { title: 'Model providers', workspace: view.workspace, notice, error }, body);
  };

  workspacePageRoutes(router, deps, {
    path: '/console/w/:id/providers',
    render: providersPage,
    submit: async (ctx, req, id) => {
      const baseUrl = (req.form.base_url ?? '').trim();
      await deps.createModelProvider(req.principal, id, {
        name: requiredText(req.form, 'name', 'the name', 100),
        kind: choice(req.form, 'kind', 'a kind', PROVIDER_KINDS),
        baseUrl: baseUrl === '' ? null : baseUrl,
        apiKey: requiredText(req.form, 'api_key', 'the API key', 4000),
      });
      seeOther(ctx, `/console/w/${id}/providers?notice=added`);
    },
  });

  consoleActionRoute(router, deps, '/console/w/:id/providers/:account/delete', async (ctx, req) => {
    await deps.deleteModelProvider(req.principal, ctx.params.account as string);
    return `/console/w/${ctx.params.id}/providers?notice=deleted`;
  });
}
