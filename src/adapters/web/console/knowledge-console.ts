import type { Router } from '@koa/router';
import type { Context } from 'koa';
import { InvalidInput } from '../../../domain/kernel/errors.ts';
import { hasRole } from '../../../domain/kernel/roles.ts';
import { type KnowledgeBase, TEXT_SEARCH_LANGUAGES } from '../../../domain/knowledge/index.ts';
import { html } from '../html.ts';
import { formatTime } from '../pages/layout.ts';
import { seeOther, type WebDeps } from '../web-context.ts';
import { type ConsoleRequest, choice, requiredText, UUID, workspaceOf } from './console-context.ts';
import {
  consoleActionRoute,
  type FormRefusal,
  sendConsolePage,
  workspacePageRoutes,
} from './console-handlers.ts';
import { curl, curlBox, field, pageOf, pager, postForm, table } from './kit.ts';
import { documentRoutes } from './knowledge-documents.ts';

/** A workspace's knowledge bases: list and create; each base's page holds its documents and a search box. */
export function knowledgeConsole(router: Router, deps: WebDeps): void {
  const basesPage = async (ctx: Context, req: ConsoleRequest, id: string, error?: FormRefusal) => {
    const view = await workspaceOf(deps, req, id);
    const bases = await deps.listKnowledgeBases(req.principal, id, pageOf(ctx.query));
    const admin = hasRole(view.role, 'admin');
    const providers = admin ? (await deps.listModelProviders(req.principal, id, { limit: 200 })).items : [];
    const kept = error ? req.form : undefined;
    const body = html`<section class="card"><h1>Knowledge bases</h1>
${table<KnowledgeBase>(
  'Knowledge bases',
  [
    { label: 'Name', cell: (b) => html`<a href="/console/knowledge/${b.id}">${b.name}</a>` },
    { label: 'Language', cell: (b) => b.language },
    { label: 'Embedding', cell: (b) => b.embedding?.model ?? 'none: keyword search only' },
    { label: 'Created', cell: (b) => formatTime(b.createdAt) },
  ],
  bases.items,
  'No knowledge bases yet.',
)}
${pager(`/console/w/${id}/knowledge`, {}, bases.next)}
</section>
${
  admin &&
  html`<section class="card"><h2>New knowledge base</h2>
${postForm(
  req.viewer,
  `/console/w/${id}/knowledge`,
  'Create knowledge base',
  html`${field({ name: 'name', label: 'Name', required: true, value: kept?.name })}
${field({ name: 'language', label: 'Language (keyword search)', options: TEXT_SEARCH_LANGUAGES, value: kept?.language ?? 'english' })}
${field({ name: 'provider_id', label: 'Embedding provider (optional)', options: [{ value: '', label: 'none: keyword search only' }, ...providers.map((p) => ({ value: p.id, label: `${p.name} (${p.kind})` }))], value: kept?.provider_id ?? '' })}
${field({ name: 'model', label: 'Embedding model', value: kept?.model, hint: 'With a provider: text-embedding-3-small, say.' })}`,
)}
</section>`
}
${curlBox(curl('GET', `/api/knowledge-bases?workspace_id=${id}`), curl('POST', '/api/knowledge-bases', { workspace_id: id, name: 'Handbook', language: 'english' }))}`;
    sendConsolePage(ctx, req, { title: 'Knowledge bases', workspace: view.workspace, error }, body);
  };

  workspacePageRoutes(router, deps, {
    path: '/console/w/:id/knowledge',
    render: basesPage,
    submit: async (ctx, req, workspaceId) => {
      const providerId = req.form.provider_id ?? '';
      const model = (req.form.model ?? '').trim();
      if (providerId !== '' && !UUID.test(providerId))
        throw new InvalidInput('choose a provider from the list');
      if (providerId !== '' && model === '') throw new InvalidInput('fill in the embedding model');
      if (providerId === '' && model !== '')
        throw new InvalidInput('choose the provider of the embedding model');
      if (model.length > 200) throw new InvalidInput('the embedding model must be at most 200 characters');
      const base = await deps.createKnowledgeBase(req.principal, {
        workspaceId,
        name: requiredText(req.form, 'name', 'the name', 200),
        language: choice(req.form, 'language', 'a language', TEXT_SEARCH_LANGUAGES),
        ...(providerId && { embedding: { providerId, model } }),
      });
      seeOther(ctx, `/console/knowledge/${base.id}?notice=created`);
    },
  });

  documentRoutes(router, deps);

  consoleActionRoute(router, deps, '/console/documents/:document/delete', async (ctx, req) => {
    const document = await deps.getDocument(req.principal, ctx.params.document as string);
    await deps.deleteDocument(req.principal, document.id);
    return `/console/knowledge/${document.knowledgeBaseId}?notice=document-deleted`;
  });
}
