import type { ThroughFiles } from '../../../composition/files.ts';
import { InvalidInput } from '../../../domain/kernel/errors.ts';
import { idParams, page } from '../../platform/http/common-schemas.ts';
import { pageRequestOf, presentPage } from '../../platform/http/pagination.ts';
import { created, ok } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes, publicRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { fileLinkPath, presentFile } from './file-presenters.ts';
import {
  createLinkRequest,
  file,
  fileLink,
  linkParams,
  listFilesQuery,
  uploadQuery,
} from './file-schemas.ts';
import { serveFileContent } from './serve-file-content.ts';
import { uploadBody } from './upload-body.ts';

const binary = { type: 'string', format: 'binary', maxLength: 1099511627776 };

/** The answers of a download, shared by the authenticated route and the signed link. */
const downloadResponses = {
  200: {
    description:
      'The bytes, `Content-Type` as stored, `Content-Disposition: attachment` (RFC 6266, with `filename*`), ' +
      '`ETag: "<sha256>"`, `Accept-Ranges: bytes`, `X-Content-Type-Options: nosniff`, ' +
      '`Content-Security-Policy: sandbox`.',
    contentType: '*/*',
    schema: binary,
  },
  206: {
    description: 'One range (`Range: bytes=a-b`, `bytes=a-` or `bytes=-n`), with `Content-Range`.',
    contentType: '*/*',
    schema: binary,
  },
  304: { description: '`If-None-Match` names the current ETag.' },
  416: {
    description: 'The range starts past the end (`Content-Range: bytes */<size>`).',
    contentType: 'application/problem+json',
    schema: { $ref: '#/components/schemas/Problem' },
  },
} as const;

export function fileRoutes(deps: ThroughFiles): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.platform);
  const open = publicRoutes(TAGS.platform);
  const publicUrl = deps.fileLinkBaseUrl;
  return [
    bearer.post('/api/files', {
      operationId: 'uploadFile',
      summary: 'Upload a file (admins)',
      description:
        'The raw bytes as the body (any `Content-Type`, `name` in the query), or a `multipart/form-data` body ' +
        'with one part named `file`. The bytes stream to storage: past `FILE_MAX_BYTES` (default 100 MiB) 413 ' +
        "`payload_too_large`, past the workspace's storage quota 413 `storage_quota_exceeded`, refused as soon " +
        'as the limit is passed (or at once from `Content-Length`). The stored `content_type` is what the first ' +
        "bytes show when the sender's type disagrees. Resumable uploads: `POST /api/uploads` (tus).",
      query: uploadQuery,
      body: {
        raw: true,
        description: 'The file: raw bytes, or multipart/form-data with a part named `file`.',
        content: {
          'application/octet-stream': { schema: binary },
          'multipart/form-data': {
            schema: {
              type: 'object',
              additionalProperties: false,
              required: ['file'],
              properties: { file: binary },
            },
          },
          '*/*': { schema: binary },
        },
      },
      errors: [403, 404, 413, 415],
      responses: { 201: { description: 'The stored file.', schema: file } },
      handler: async (ctx, { principal, query }) => {
        const body = await uploadBody(ctx);
        const name = (query.name as string | undefined) ?? body.name;
        if (!name) throw new InvalidInput('a raw upload names its file: ?name=');
        const stored = await deps.uploadFile(principal, {
          workspaceId: query.workspace_id as string,
          name,
          contentType: body.contentType,
          declaredSize: body.declaredSize,
          bytes: body.bytes,
        });
        created(ctx, presentFile(stored), `/api/files/${stored.id}`);
      },
    }),
    bearer.get('/api/files', {
      operationId: 'listFiles',
      summary: "A workspace's files",
      description: 'Newest first.',
      query: listFilesQuery,
      // A workspace the caller does not belong to is 404, like one that does not exist.
      errors: [404],
      responses: { 200: { description: 'One page of files.', schema: page(file) } },
      handler: async (ctx, { principal, query }) => {
        const files = await deps.listFiles(principal, query.workspace_id as string, pageRequestOf(query));
        ok(ctx, presentPage(files, presentFile));
      },
    }),
    bearer.get('/api/files/{id}', {
      operationId: 'getFile',
      summary: "A file's metadata",
      params: idParams,
      responses: { 200: { description: 'The file.', schema: file } },
      handler: async (ctx, { principal, params }) =>
        ok(ctx, presentFile(await deps.getFile(principal, params.id))),
    }),
    bearer.delete('/api/files/{id}', {
      operationId: 'deleteFile',
      summary: 'Delete a file (admins)',
      description: 'Its bytes are removed, its quota freed, and its signed links stop working at once.',
      params: idParams,
      errors: [403],
      responses: { 204: { description: 'Deleted.' } },
      handler: async (ctx, { principal, params }) => {
        await deps.deleteFile(principal, params.id);
        ctx.status = 204;
      },
    }),
    bearer.get('/api/files/{id}/content', {
      operationId: 'downloadFile',
      summary: "A file's bytes",
      description: 'Streams the bytes; `Range`, `If-Range` and `If-None-Match` are honoured.',
      params: idParams,
      responses: downloadResponses,
      handler: async (ctx, { principal, params }) =>
        serveFileContent(
          ctx,
          await deps.readFileContent(principal, params.id, ctx.get('Range') || undefined),
        ),
    }),
    bearer.post('/api/files/{id}/links', {
      operationId: 'createFileLink',
      summary: 'A signed download link',
      description:
        'A URL under `/api/files/download/` that serves the content without credentials until `expires_at` ' +
        '(at most 7 days), and not at all once the file is deleted.',
      params: idParams,
      body: createLinkRequest,
      responses: { 201: { description: 'The link.', schema: fileLink } },
      handler: async (ctx, { principal, params, body }) => {
        const { expires_in_seconds } = body as { expires_in_seconds: number };
        const link = await deps.createFileLink(principal, params.id, expires_in_seconds);
        created(ctx, {
          url: `${publicUrl}${fileLinkPath(link.token)}`,
          expires_at: link.expiresAt.toISOString(),
        });
      },
    }),
    open.get('/api/files/download/{link}', {
      operationId: 'downloadLinkedFile',
      summary: 'A file through a signed link',
      description:
        'No credentials: the token is the credential. A forged, altered or expired token, and a deleted file, ' +
        'answer 404.',
      params: linkParams,
      responses: downloadResponses,
      handler: async (ctx, { params }) =>
        serveFileContent(ctx, await deps.readLinkedFile(params.link, ctx.get('Range') || undefined)),
    }),
  ];
}
