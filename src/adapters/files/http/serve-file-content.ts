import { Readable } from 'node:stream';
import type { Context } from 'koa';
import type { FileContent } from '../../../application/files/read-file-content.ts';
import { sendProblem } from '../../platform/http/problem.ts';

/**
 * Answers a download: the stored type, never sniffed by the browser (`nosniff`) nor run as a page of this
 * origin (`Content-Security-Policy: sandbox`), as an attachment named per RFC 6266; 304 when the client holds
 * this ETag; 206 for one satisfiable range (unless `If-Range` names another version), 416 past the end.
 */
export function serveFileContent(ctx: Context, content: FileContent): void {
  const { file } = content;
  const etag = `"${file.sha256}"`;
  ctx.set('ETag', etag);
  ctx.set('Accept-Ranges', 'bytes');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Security-Policy', 'sandbox');
  ctx.set('Cache-Control', 'private, no-cache');
  if (matchesAny(ctx.get('If-None-Match'), file.sha256)) {
    ctx.status = 304;
    return;
  }
  const ifRange = ctx.get('If-Range');
  const range = ifRange && ifRange !== etag ? undefined : content.range;
  if (range === 'unsatisfiable') {
    ctx.set('Content-Range', `bytes */${file.size}`);
    sendProblem(ctx, {
      status: 416,
      code: 'range_not_satisfiable',
      title: 'Range Not Satisfiable',
      detail: `the file has ${file.size} bytes`,
    });
    return;
  }
  ctx.set('Content-Disposition', contentDisposition(file.name));
  ctx.type = file.contentType;
  if (range) {
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
    ctx.length = range.end - range.start + 1;
  } else {
    ctx.status = 200;
    ctx.length = file.size;
  }
  ctx.body = Readable.from(content.open(range), { objectMode: false });
}

/** RFC 9110 If-None-Match: `*`, or a list of (possibly weak) entity tags, compared weakly. */
function matchesAny(header: string, sha256: string): boolean {
  if (header.trim() === '*') return true;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .includes(`"${sha256}"`);
}

/**
 * RFC 6266: `attachment`, an ASCII `filename` for old clients (anything else, quotes and backslashes become
 * `_`), and the exact name as RFC 8187 `filename*` in UTF-8.
 */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
