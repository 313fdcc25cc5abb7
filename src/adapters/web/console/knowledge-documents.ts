import type { Router } from '@koa/router';
import type { Context } from 'koa';
import { InvalidInput } from '../../../domain/kernel/errors.ts';
import { hasRole } from '../../../domain/kernel/roles.ts';
import type { KnowledgeDocument, SearchHit, SearchMode } from '../../../domain/knowledge/index.ts';
import { html, type SafeHtml } from '../html.ts';
import { formatTime } from '../pages/layout.ts';
import { seeOther, type WebDeps } from '../web-context.ts';
import { type ConsoleRequest, formError, requiredText, UUID, workspaceOf } from './console-context.ts';
import { type FormRefusal, itemPageRoutes, sendConsolePage } from './console-handlers.ts';
import { actionButton, curl, curlBox, field, pageOf, pager, postForm, table } from './kit.ts';

export const SEARCH_MODES = ['keyword', 'semantic', 'hybrid'] as const;

/** A search's hits, best first: the text of each chunk (escaped, as every value) with its score. */
export function searchHits(hits: readonly SearchHit[]) {
  return table<SearchHit>(
    'Search results',
    [
      { label: 'Document', cell: (h) => h.title },
      { label: 'Chunk', cell: (h) => h.chunkIndex },
      { label: 'Score', cell: (h) => h.score.toFixed(4) },
      { label: 'Text', cell: (h) => html`<span class="excerpt">${h.text}</span>` },
    ],
    hits,
    'Nothing found.',
  );
}

const NOTICES: Record<string, string> = {
  created: 'The knowledge base was created.',
  added: 'The document was added: it is read and chunked in the background (reload to follow its status).',
  'document-deleted': 'The document was deleted.',
};

/** What a document is at: processing, ready with its chunks, or failed with why. */
function statusOf(d: KnowledgeDocument): SafeHtml {
  const chunks = d.chunks ?? 0;
  if (d.status === 'ready')
    return html`<span class="status ready">ready</span> (${chunks} ${chunks === 1 ? 'chunk' : 'chunks'})`;
  if (d.status === 'failed') return html`<span class="status failed">failed</span>: ${d.error ?? ''}`;
  return html`<span class="status processing">processing</span>`;
}

/** The search of the page's query (`?q=&mode=`): the hits, or why the search was refused. */
async function searchOf(
  deps: WebDeps,
  req: ConsoleRequest,
  baseId: string,
  query: Record<string, unknown>,
): Promise<{ q: string; mode: string; hits?: SearchHit[]; error?: FormRefusal }> {
  const q = typeof query.q === 'string' ? query.q.trim() : '';
  const mode = typeof query.mode === 'string' ? query.mode : '';
  if (q === '') return { q, mode };
  try {
    if (mode !== '' && !SEARCH_MODES.includes(mode as SearchMode))
      throw new InvalidInput(`choose a search mode: ${SEARCH_MODES.join(', ')}`);
    if (q.length > 2000) throw new InvalidInput('the search must be at most 2000 characters');
    const request = { query: q, limit: 10, ...(mode && { mode: mode as SearchMode }) };
    return { q, mode, hits: await deps.searchKnowledgeBase(req.principal, baseId, request) };
  } catch (error) {
    return { q, mode, error: formError(error) };
  }
}

/** A knowledge base's page: its documents (add from a file or as text, delete) and a search box. */
export function documentRoutes(router: Router, deps: WebDeps): void {
  const basePage = async (ctx: Context, req: ConsoleRequest, baseId: string, refused?: FormRefusal) => {
    const base = await deps.getKnowledgeBase(req.principal, baseId);
    const view = await workspaceOf(deps, req, base.workspaceId);
    const admin = hasRole(view.role, 'admin');
    const documents = await deps.listDocuments(req.principal, base.id, pageOf(ctx.query));
    const files = admin ? (await deps.listFiles(req.principal, base.workspaceId, { limit: 200 })).items : [];
    const search = await searchOf(deps, req, base.id, ctx.query);
    const kept = refused ? req.form : undefined;
    const body = html`<section class="card"><h1>${base.name}</h1>
<p>Language ${base.language}; ${base.embedding ? `embedded with ${base.embedding.model}: keyword, semantic and hybrid search` : 'no embedding model: keyword search only'}.</p>
<form method="get" action="/console/knowledge/${base.id}" class="filters" role="search">
${field({ name: 'q', label: 'Search', value: search.q, required: true })}
${field({ name: 'mode', label: 'Mode', options: [{ value: '', label: 'default' }, ...SEARCH_MODES], value: search.mode })}
<button type="submit">Search</button>
</form>
${search.hits && searchHits(search.hits)}
</section>
<section class="card"><h2>Documents</h2>
${table<KnowledgeDocument>(
  'Documents',
  [
    { label: 'Title', cell: (d) => d.title },
    {
      label: 'Source',
      cell: (d) => (d.fileId ? html`<a href="/console/files/${d.fileId}">a file</a>` : 'text'),
    },
    { label: 'Status', cell: statusOf },
    { label: 'Added', cell: (d) => formatTime(d.createdAt) },
    ...(admin
      ? [
          {
            label: 'Actions',
            cell: (d: KnowledgeDocument) =>
              actionButton(
                req.viewer,
                `/console/documents/${d.id}/delete`,
                'Delete',
                `Delete the document ${d.title}`,
              ),
          },
        ]
      : []),
  ],
  documents.items,
  'No documents yet.',
)}
${pager(`/console/knowledge/${base.id}`, {}, documents.next)}
</section>
${
  admin &&
  html`<section class="card"><h2>Add a document</h2>
<h3>As text</h3>
${postForm(
  req.viewer,
  `/console/knowledge/${base.id}/documents`,
  'Add text',
  html`<input type="hidden" name="source" value="text">
${field({ name: 'title', label: 'Title', required: true, value: kept?.source === 'text' ? kept.title : '' })}
${field({ name: 'text', label: 'Text', type: 'textarea', required: true, value: kept?.source === 'text' ? kept.text : '', hint: 'Up to about 10,000 characters here (the form takes 16 KiB); add a longer text as a file.' })}`,
)}
<h3>From a file</h3>
${
  files.length === 0
    ? html`<p class="muted">No files to add yet: <a href="/console/w/${base.workspaceId}/files">upload one</a> (text, Markdown, HTML, JSON or PDF).</p>`
    : postForm(
        req.viewer,
        `/console/knowledge/${base.id}/documents`,
        'Add file',
        html`<input type="hidden" name="source" value="file">
${field({ name: 'file_id', label: 'File', options: files.map((f) => ({ value: f.id, label: f.name })) })}`,
      )
}
</section>`
}
${curlBox(
  curl('GET', `/api/knowledge-bases/${base.id}/documents`),
  curl('POST', `/api/knowledge-bases/${base.id}/documents`, {
    title: 'Refunds',
    text: 'Refunds take 5 days.',
  }),
  curl('POST', `/api/knowledge-bases/${base.id}/search`, {
    query: search.q || 'refunds',
    ...(search.mode && { mode: search.mode }),
  }),
)}`;
    const notice = NOTICES[String(ctx.query.notice)];
    const error = refused ?? search.error;
    sendConsolePage(ctx, req, { title: base.name, workspace: view.workspace, notice, error }, body);
  };

  itemPageRoutes(router, deps, {
    path: '/console/knowledge/:base',
    page: basePage,
    refused: basePage,
    forms: {
      documents: async (ctx, req, baseId) => {
        const { form } = req;
        let input: { fileId: string } | { title: string; text: string };
        if (form.source === 'file') {
          if (!UUID.test(form.file_id ?? '')) throw new InvalidInput('choose a file from the list');
          input = { fileId: form.file_id as string };
        } else {
          const text = form.text ?? '';
          if (text.trim() === '') throw new InvalidInput('fill in the text');
          input = { title: requiredText(form, 'title', 'the title', 500), text };
        }
        await deps.addDocument(req.principal, baseId, input);
        seeOther(ctx, `/console/knowledge/${baseId}?notice=added`);
      },
    },
  });
}
