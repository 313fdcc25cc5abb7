import busboy from 'busboy';
import type { Context } from 'koa';
import { declaredContentType } from '../../../domain/files/content-type.ts';
import { EncodedUpload } from '../../../domain/files/file-errors.ts';
import { DomainError, InvalidInput } from '../../../domain/kernel/errors.ts';

/** What an upload request carries: a name (when it gives one), a type, and the bytes as they arrive. */
export interface UploadBody {
  readonly name: string | undefined;
  readonly contentType: string | undefined;
  readonly declaredSize: number | undefined;
  readonly bytes: AsyncIterable<Uint8Array>;
}

class MalformedMultipart extends DomainError {
  constructor(detail: string) {
    super('invalid', 'invalid_request', detail);
  }
}

/**
 * The bytes of an upload, streamed: the raw body (any `Content-Type`), or the one part named `file` of a
 * `multipart/form-data` body, parsed by busboy as it arrives. A multipart body with any other part is 400 (its
 * file, already streamed, is then not kept: the failure reaches the upload through its bytes). Whatever stops
 * the upload early closes the connection after the answer instead of reading the rest.
 */
export async function uploadBody(ctx: Context): Promise<UploadBody> {
  const encoding = (ctx.get('Content-Encoding') || 'identity').trim().toLowerCase();
  if (encoding !== 'identity') throw new EncodedUpload();
  ctx.set('Connection', 'close');
  if (declaredContentType(ctx.get('Content-Type')) !== 'multipart/form-data') {
    const length = ctx.get('Content-Length');
    return {
      name: undefined,
      contentType: ctx.get('Content-Type') || undefined,
      declaredSize: length === '' ? undefined : Number(length),
      bytes: ctx.req,
    };
  }
  return multipartFile(ctx);
}

async function multipartFile(ctx: Context): Promise<UploadBody> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: ctx.req.headers, limits: { files: 1, fields: 0 } });
  } catch {
    throw new MalformedMultipart('the multipart body has no usable boundary');
  }
  let extra: string | undefined;
  const refuse = (what: string) => () => {
    extra ??= what;
  };
  parser.on('filesLimit', refuse('more than one file part'));
  parser.on('fieldsLimit', refuse('a field part (only the part named `file` is accepted)'));
  const ended = new Promise<void>((resolve, reject) => {
    parser.once('close', resolve);
    parser.once('error', (error: Error) =>
      reject(new MalformedMultipart(`malformed multipart body: ${error.message}`)),
    );
  });
  ended.catch(() => {});
  const part = new Promise<{ name: string; type: string; stream: NodeJS.ReadableStream }>(
    (resolve, reject) => {
      parser.on('file', (field, stream, info) => {
        if (field !== 'file') {
          stream.resume();
          extra ??= `a part named ${JSON.stringify(field)} (the file goes in the part named \`file\`)`;
          return;
        }
        resolve({ name: info.filename ?? '', type: info.mimeType, stream });
      });
      ended.then(
        () => reject(new InvalidInput(extra ?? 'the multipart body has no part named `file`')),
        reject,
      );
    },
  );
  ctx.req.pipe(parser);
  const { name, type, stream } = await part;
  async function* bytes(): AsyncIterable<Uint8Array> {
    for await (const chunk of stream) yield chunk as Uint8Array;
    await ended;
    if (extra) throw new InvalidInput(`the multipart body has ${extra}`);
  }
  return { name, contentType: type, declaredSize: undefined, bytes: bytes() };
}
