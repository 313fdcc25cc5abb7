import type { Router } from '@koa/router';
import type { Context } from 'koa';
import type { StoredFile } from '../../../domain/files/index.ts';
import { DomainError, InvalidInput } from '../../../domain/kernel/errors.ts';
import { hasRole } from '../../../domain/kernel/roles.ts';
import { fileLinkPath, serveFileContent } from '../../files/index.ts';
import { html, type SafeHtml } from '../html.ts';
import { formatTime } from '../pages/layout.ts';
import { seeOther, type WebDeps } from '../web-context.ts';
import { type ConsoleRequest, choice, consoleRequestOf, formError, workspaceOf } from './console-context.ts';
import { consoleFormRoute, consolePageRoute, type FormRefusal, sendConsolePage } from './console-handlers.ts';
import { csrf, curl, curlBox, field, pageOf, pager, postForm, table } from './kit.ts';
import { acceptUploadForm } from './upload-form.ts';

const NOTICES: Record<string, string> = {
  uploaded: 'The file was uploaded.',
  deleted: 'The file was deleted: its links no longer work.',
};

/** How long a signed link lives, as the form offers it (the API takes any number of seconds up to 7 days). */
const LINK_LIFETIMES = [
  { value: '3600', label: '1 hour' },
  { value: '86400', label: '1 day' },
  { value: '604800', label: '7 days' },
] as const;

/** 1536 → "1.5 KiB". */
export function byteSize(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

/** A refused upload: too large (413) as well as what any form refuses. */
function uploadRefusal(error: unknown): FormRefusal {
  if (error instanceof DomainError && error.kind === 'too_large') {
    return { status: 413, message: `The file is too large: ${error.message}.` };
  }
  return formError(error);
}

/** A workspace's files: list, upload (a plain multipart form), each file's page, download, links, delete. */
export function fileConsole(router: Router, deps: WebDeps): void {
  const filesPage = async (ctx: Context, req: ConsoleRequest, id: string, error?: FormRefusal) => {
    const view = await workspaceOf(deps, req, id);
    const files = await deps.listFiles(req.principal, id, pageOf(ctx.query));
    const limit = deps.fileSettings.maxBytes;
    const body = html`<section class="card"><h1>Files</h1>
${table<StoredFile>(
  'Files',
  [
    { label: 'Name', cell: (f) => html`<a href="/console/files/${f.id}">${f.name}</a>` },
    { label: 'Size', cell: (f) => byteSize(f.size) },
    { label: 'Type', cell: (f) => f.contentType },
    { label: 'Uploaded', cell: (f) => formatTime(f.createdAt) },
  ],
  files.items,
  'No files yet.',
)}
${pager(`/console/w/${id}/files`, {}, files.next)}
</section>
${
  hasRole(view.role, 'admin') &&
  html`<section class="card"><h2>Upload a file</h2>
<form method="post" action="/console/w/${id}/files" enctype="multipart/form-data">
${csrf(req.viewer)}${field({ name: 'file', label: 'File', type: 'file', required: true, hint: `At most ${byteSize(limit)}.` })}
<button type="submit">Upload</button>
</form>
</section>`
}
${curlBox(curl('GET', `/api/files?workspace_id=${id}`), `curl -s -X POST "$API/api/files?workspace_id=${id}" -H "Authorization: Bearer $TOKEN" -F file=@report.pdf`)}`;
    const notice = NOTICES[String(ctx.query.notice)];
    sendConsolePage(ctx, req, { title: 'Files', workspace: view.workspace, notice, error }, body);
  };

  consolePageRoute(router, deps, '/console/w/:id/files', (ctx, req) =>
    filesPage(ctx, req, ctx.params.id as string),
  );

  router.post('/console/w/:id/files', async (ctx) => {
    const accepted = await acceptUploadForm(ctx, deps, deps.fileSettings.maxBytes);
    if (!accepted) return void seeOther(ctx, '/login?notice=session-ended');
    const req = consoleRequestOf(accepted.current);
    const workspaceId = ctx.params.id as string;
    const { file } = accepted;
    if (!file) return filesPage(ctx, req, workspaceId, uploadRefusal(accepted.refused));
    try {
      const stored = await deps.uploadFile(req.principal, {
        workspaceId,
        name: file.name,
        contentType: file.contentType,
        bytes: file.bytes,
      });
      seeOther(ctx, `/console/files/${stored.id}?notice=uploaded`);
    } catch (error) {
      await file.drain();
      await filesPage(ctx, req, workspaceId, uploadRefusal(error));
    }
  });

  const filePage = async (
    ctx: Context,
    req: ConsoleRequest,
    fileId: string,
    shown: { error?: FormRefusal; link?: { url: string; expiresAt: Date } } = {},
  ) => {
    const file = await deps.getFile(req.principal, fileId);
    const view = await workspaceOf(deps, req, file.workspaceId);
    const facts: [string, SafeHtml | string][] = [
      ['Size', `${byteSize(file.size)} (${file.size} bytes)`],
      ['Type', file.contentType],
      ['SHA-256', html`<code>${file.sha256}</code>`],
      ['Uploaded', formatTime(file.createdAt)],
    ];
    const body: SafeHtml = html`${shown.link && linkSection(shown.link)}
<section class="card"><h1>${file.name}</h1>
<dl>${facts.map(([term, value]) => html`<dt>${term}</dt><dd>${value}</dd>`)}</dl>
<p><a href="/console/files/${file.id}/download" download>Download</a> · <a href="/console/w/${file.workspaceId}/files">All files</a></p>
</section>
<section class="card"><h2>Signed link</h2>
<p>Anyone with the link downloads the file, without signing in, until it expires or the file is deleted.</p>
${postForm(req.viewer, `/console/files/${file.id}/links`, 'Make a link', field({ name: 'expires_in_seconds', label: 'Expires after', options: LINK_LIFETIMES, value: '86400' }))}
</section>
${
  hasRole(view.role, 'admin') &&
  html`<section class="card"><h2>Delete</h2>
${postForm(
  req.viewer,
  `/console/files/${file.id}/delete`,
  'Delete file',
  html`<label for="field-confirm"><input type="checkbox" id="field-confirm" name="confirm" value="yes" required> Yes, delete ${file.name} and stop its links</label>`,
)}
</section>`
}
${curlBox(
  curl('GET', `/api/files/${file.id}`),
  `curl -s -OJ "$API/api/files/${file.id}/content" -H "Authorization: Bearer $TOKEN"`,
  curl('POST', `/api/files/${file.id}/links`, { expires_in_seconds: 86400 }),
  curl('DELETE', `/api/files/${file.id}`),
)}`;
    const notice = NOTICES[String(ctx.query.notice)];
    const error = shown.error;
    sendConsolePage(ctx, req, { title: file.name, workspace: view.workspace, notice, error }, body);
  };

  consolePageRoute(router, deps, '/console/files/:file', (ctx, req) =>
    filePage(ctx, req, ctx.params.file as string),
  );

  // The API's download: an attachment, never sniffed nor run as a page (serveFileContent's headers).
  consolePageRoute(router, deps, '/console/files/:file/download', async (ctx, req) => {
    const content = await deps.readFileContent(
      req.principal,
      ctx.params.file as string,
      ctx.get('Range') || undefined,
    );
    serveFileContent(ctx, content);
  });

  consoleFormRoute(
    router,
    deps,
    '/console/files/:file/links',
    async (ctx, req) => {
      const fileId = ctx.params.file as string;
      const lifetimes = LINK_LIFETIMES.map((lifetime) => lifetime.value);
      const seconds = Number(choice(req.form, 'expires_in_seconds', 'how long the link lives', lifetimes));
      const link = await deps.createFileLink(req.principal, fileId, seconds);
      const url = `${deps.fileLinkBaseUrl}${fileLinkPath(link.token)}`;
      await filePage(ctx, req, fileId, { link: { url, expiresAt: link.expiresAt } });
    },
    (ctx, req, error) => filePage(ctx, req, ctx.params.file as string, { error }),
  );

  consoleFormRoute(
    router,
    deps,
    '/console/files/:file/delete',
    async (ctx, req) => {
      const file = await deps.getFile(req.principal, ctx.params.file as string);
      if (req.form.confirm !== 'yes') throw new InvalidInput('tick the box to confirm the deletion');
      await deps.deleteFile(req.principal, file.id);
      seeOther(ctx, `/console/w/${file.workspaceId}/files?notice=deleted`);
    },
    (ctx, req, error) => filePage(ctx, req, ctx.params.file as string, { error }),
  );
}

function linkSection(link: { url: string; expiresAt: Date }): SafeHtml {
  return html`<section class="card once" aria-labelledby="link-title">
<h2 id="link-title">Your signed link</h2>
<p>Copy it: it works until ${formatTime(link.expiresAt)} (<time datetime="${link.expiresAt.toISOString()}">${link.expiresAt.toISOString()}</time>).</p>
<pre><code id="link-url">${link.url}</code></pre>
</section>`;
}
