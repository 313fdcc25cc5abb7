import type { Context } from 'koa';
import type { ThroughFiles } from '../../../composition/files.ts';
import { EncodedUpload } from '../../../domain/files/file-errors.ts';
import { DomainError } from '../../../domain/kernel/errors.ts';
import { idParams } from '../../platform/http/common-schemas.ts';
import type { JsonSchema, RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes, publicRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { uploadQuery } from './file-schemas.ts';

/**
 * tus 1.0 (https://tus.io/protocols/resumable-upload): the core protocol and the extensions listed here, all
 * that this server supports.
 */
const TUS_VERSION = '1.0.0';
const TUS_EXTENSIONS = 'creation,creation-with-upload,creation-defer-length,termination,expiration';
const OFFSET_TYPE = 'application/offset+octet-stream';

class TusInvalid extends DomainError {
  constructor(detail: string) {
    super('invalid', 'invalid_request', detail);
  }
}

class TusUnsupportedType extends DomainError {
  constructor() {
    super('unsupported', 'unsupported_media_type', `a PATCH carries Content-Type: ${OFFSET_TYPE}`);
  }
}

const header = (description: string, schema: JsonSchema = { type: 'string', maxLength: 100 }) => ({
  description,
  schema,
});
const offsetHeader = header('Bytes stored so far.', {
  type: 'integer',
  format: 'int64',
  minimum: 0,
  maximum: 1099511627776,
});
const tusHeader = header('`1.0.0`.', { type: 'string', enum: [TUS_VERSION] });

/** `Tus-Resumable: 1.0.0` on every request but OPTIONS; any other version is 412 with the one supported. */
function requireTus(ctx: Context): void {
  ctx.set('Tus-Resumable', TUS_VERSION);
  if (ctx.get('Tus-Resumable') !== TUS_VERSION) {
    ctx.set('Tus-Version', TUS_VERSION);
    throw Object.assign(
      new Error(`this server speaks tus ${TUS_VERSION}: send Tus-Resumable: ${TUS_VERSION}`),
      {
        status: 412,
        expose: true,
      },
    );
  }
}

/** A non-negative integer header (`Upload-Length`, `Upload-Offset`), else 400. */
function sizeHeader(ctx: Context, name: string): number {
  const text = ctx.get(name);
  if (!/^\d{1,16}$/.test(text)) throw new TusInvalid(`${name} must be a non-negative integer`);
  return Number(text);
}

/** The body of a PATCH, or of a creation carrying its first bytes: offset bytes, as they are, else 415. */
function requireOffsetBytes(ctx: Context): void {
  if ((ctx.get('Content-Type').split(';')[0] ?? '').trim().toLowerCase() !== OFFSET_TYPE) {
    throw new TusUnsupportedType();
  }
  const encoding = (ctx.get('Content-Encoding') || 'identity').trim().toLowerCase();
  if (encoding !== 'identity') throw new EncodedUpload();
}

/** Whether the request has a body: a non-zero `Content-Length`, or a chunked one. */
function hasBody(ctx: Context): boolean {
  return ctx.request.length > 0 || (ctx.request.length === undefined && ctx.get('Transfer-Encoding') !== '');
}

/** tus `Upload-Metadata`: comma-separated `key base64value` pairs. */
function metadata(ctx: Context): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const pair of ctx.get('Upload-Metadata').split(',')) {
    const [key, value = ''] = pair.trim().split(' ');
    if (key) entries[key] = Buffer.from(value, 'base64').toString('utf8');
  }
  return entries;
}

export function tusRoutes(deps: ThroughFiles): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.platform);
  const open = publicRoutes(TAGS.platform);
  const { maxBytes } = deps.fileSettings;
  return [
    open.options('/api/uploads', {
      operationId: 'describeUploads',
      summary: 'tus capabilities',
      description: 'tus 1.0 discovery: the versions, extensions and largest upload this server takes.',
      responses: {
        204: {
          description: 'The tus capabilities.',
          headers: {
            'Tus-Version': header('`1.0.0`.'),
            'Tus-Extension': header(`\`${TUS_EXTENSIONS}\`.`),
            'Tus-Max-Size': header('FILE_MAX_BYTES.'),
          },
        },
      },
      handler: (ctx) => {
        ctx.set('Tus-Resumable', TUS_VERSION);
        ctx.set('Tus-Version', TUS_VERSION);
        ctx.set('Tus-Extension', TUS_EXTENSIONS);
        ctx.set('Tus-Max-Size', String(maxBytes));
        ctx.status = 204;
      },
    }),
    bearer.post('/api/uploads', {
      operationId: 'createUpload',
      summary: 'Start a resumable upload (tus; admins)',
      description:
        'tus 1.0 creation: `Tus-Resumable: 1.0.0` and `Upload-Length` (the file size; over `FILE_MAX_BYTES` or ' +
        'the room the workspace quota leaves: 413), or `Upload-Defer-Length: 1` and the length on a later PATCH ' +
        '(creation-defer-length). The name is `name` in the query or `filename` in `Upload-Metadata`; the type ' +
        '`filetype` there. The body may carry the first bytes (creation-with-upload, `Content-Type: ' +
        'application/offset+octet-stream`; the answer tells `Upload-Offset`, and `Upload-File-Id` when they were ' +
        'all of it). Then PATCH the rest to `Location`. An unfinished upload expires after 24 h (`Upload-Expires`).',
      query: uploadQuery,
      body: {
        raw: true,
        optional: true,
        description: 'The first bytes of the file (optional).',
        content: {
          [OFFSET_TYPE]: { schema: { type: 'string', format: 'binary', maxLength: 1099511627776 } },
        },
      },
      errors: [403, 404, 409, 412, 413, 415],
      responses: {
        201: {
          description: 'Created.',
          headers: {
            Location: header('`/api/uploads/{id}`.', { type: 'string', maxLength: 100 }),
            'Tus-Resumable': tusHeader,
            'Upload-Expires': header('RFC 9110 date.'),
            'Upload-Offset': header('Bytes stored so far, when the creation carried some.', {
              type: 'integer',
              format: 'int64',
              minimum: 0,
              maximum: 1099511627776,
            }),
            'Upload-File-Id': header('The file, when the creation carried all of its bytes.', {
              type: 'string',
              format: 'uuid',
              maxLength: 36,
            }),
          },
        },
      },
      handler: async (ctx, { principal, query }) => {
        requireTus(ctx);
        const deferred = ctx.get('Upload-Defer-Length');
        if (deferred && deferred !== '1') throw new TusInvalid('Upload-Defer-Length is 1 when given');
        if (deferred && ctx.get('Upload-Length')) {
          throw new TusInvalid('send Upload-Length or Upload-Defer-Length, not both');
        }
        const length = deferred ? null : sizeHeader(ctx, 'Upload-Length');
        const withBytes = hasBody(ctx);
        if (withBytes) requireOffsetBytes(ctx);
        const meta = metadata(ctx);
        const name = (query.name as string | undefined) ?? meta.filename ?? meta.name;
        if (!name) throw new TusInvalid('name the file: ?name= or filename in Upload-Metadata');
        const upload = await deps.createUpload(principal, {
          workspaceId: query.workspace_id as string,
          name,
          contentType: meta.filetype ?? meta.contentType,
          length,
        });
        ctx.set('Location', `/api/uploads/${upload.id}`);
        ctx.set('Upload-Expires', upload.expiresAt.toUTCString());
        if (withBytes) {
          ctx.set('Connection', 'close');
          const result = await deps.appendUpload(principal, upload.id, { offset: 0, bytes: ctx.req });
          ctx.remove('Connection');
          ctx.set('Upload-Offset', String(result.offset));
          if (result.file) ctx.set('Upload-File-Id', result.file.id);
        }
        // No body (the contract declares none): without an explicit null Koa sends its status text, `Created`
        // (set first: a null body alone would make the status 204).
        ctx.body = null;
        ctx.status = 201;
      },
    }),
    bearer.head('/api/uploads/{id}', {
      operationId: 'getUploadOffset',
      summary: 'Where a resumable upload stands (tus)',
      params: idParams,
      errors: [403, 412],
      responses: {
        200: {
          description:
            'The offset to resume from, and the length (or `Upload-Defer-Length: 1` while unknown).',
          headers: {
            'Upload-Offset': offsetHeader,
            'Upload-Length': offsetHeader,
            'Upload-Defer-Length': header('`1` while the length is not declared yet.', {
              type: 'string',
              enum: ['1'],
            }),
            'Tus-Resumable': tusHeader,
          },
        },
      },
      handler: async (ctx, { principal, params }) => {
        requireTus(ctx);
        const { upload, offset } = await deps.getUploadProgress(principal, params.id);
        ctx.set('Upload-Offset', String(offset));
        if (upload.length === null) ctx.set('Upload-Defer-Length', '1');
        else ctx.set('Upload-Length', String(upload.length));
        ctx.set('Upload-Expires', upload.expiresAt.toUTCString());
        ctx.set('Cache-Control', 'no-store');
        ctx.status = 200;
      },
    }),
    bearer.patch('/api/uploads/{id}', {
      operationId: 'appendUpload',
      summary: 'Append to a resumable upload (tus)',
      description:
        '`Content-Type: application/offset+octet-stream`, `Upload-Offset` where the upload stands (else 409); ' +
        '`Upload-Length` once, on an upload created with `Upload-Defer-Length: 1`. ' +
        'Bytes received before a broken connection are kept: HEAD tells where to resume. One PATCH at a time ' +
        '(409 meanwhile): its lease is renewed while bytes flow, so a request whose server died holds the ' +
        'upload 30 s at most. The answer carries the new `Upload-Offset`; the one that completes the upload ' +
        'also `Upload-File-Id`, the new file.',
      params: idParams,
      body: {
        raw: true,
        description: 'The next bytes of the file.',
        content: {
          [OFFSET_TYPE]: { schema: { type: 'string', format: 'binary', maxLength: 1099511627776 } },
        },
      },
      errors: [403, 409, 412, 413, 415],
      responses: {
        204: {
          description: 'Stored.',
          headers: {
            'Upload-Offset': offsetHeader,
            'Upload-File-Id': header('The file the last byte made.', {
              type: 'string',
              format: 'uuid',
              maxLength: 36,
            }),
            'Tus-Resumable': tusHeader,
          },
        },
      },
      handler: async (ctx, { principal, params }) => {
        requireTus(ctx);
        requireOffsetBytes(ctx);
        const offset = sizeHeader(ctx, 'Upload-Offset');
        const length = ctx.get('Upload-Length') ? sizeHeader(ctx, 'Upload-Length') : undefined;
        ctx.set('Connection', 'close');
        const result = await deps.appendUpload(principal, params.id, { offset, bytes: ctx.req, length });
        ctx.remove('Connection');
        ctx.set('Upload-Offset', String(result.offset));
        ctx.set('Upload-Expires', result.upload.expiresAt.toUTCString());
        if (result.file) ctx.set('Upload-File-Id', result.file.id);
        ctx.status = 204;
      },
    }),
    bearer.delete('/api/uploads/{id}', {
      operationId: 'terminateUpload',
      summary: 'Abandon a resumable upload (tus termination)',
      description: 'The upload and the bytes it holds are gone: HEAD and PATCH answer 404 from then on.',
      params: idParams,
      errors: [403, 412],
      responses: { 204: { description: 'Gone.', headers: { 'Tus-Resumable': tusHeader } } },
      handler: async (ctx, { principal, params }) => {
        requireTus(ctx);
        await deps.terminateUpload(principal, params.id);
        ctx.status = 204;
      },
    }),
  ];
}
