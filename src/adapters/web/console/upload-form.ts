import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Context } from 'koa';
import type { CurrentBrowserSession } from '../../../application/identity/index.ts';
import { CsrfRejected } from '../../../domain/identity/index.ts';
import { DomainError, InvalidInput } from '../../../domain/kernel/errors.ts';
import { assertSameOrigin } from '../same-origin.ts';
import { currentSession, type WebDeps } from '../web-context.ts';

/** What a multipart form adds to the file (its boundaries, the CSRF field, the part's headers), at most. */
const FORM_OVERHEAD_BYTES = 16 * 1024;

class NotAnUploadForm extends DomainError {
  constructor() {
    super('unsupported', 'unsupported_media_type', 'this page accepts only its own upload form');
  }
}

/** Past the size limit, told by the form's `Content-Length` before a byte is read. */
class UploadTooLarge extends DomainError {
  constructor(limitBytes: number) {
    super('too_large', 'payload_too_large', `a file has at most ${limitBytes} bytes`);
  }
}

/** The file of an upload form, its bytes streaming. */
export interface UploadedFile {
  readonly name: string;
  readonly contentType: string;
  readonly bytes: AsyncIterable<Uint8Array>;
  /** Reads (and drops) what is left of the body, so that the browser sees the answer (bounded by the limit). */
  drain(): Promise<void>;
}

/** Below this, a refused body is still read to its end, so that the browser sees the answer, not a reset. */
const DRAINED_BYTES = 8 * 1024 * 1024;

/** An upload form's answer: the file, or why it was refused before any use case saw it (shown beside the form). */
export type UploadForm =
  | { readonly current: CurrentBrowserSession; readonly file: UploadedFile; readonly refused?: undefined }
  | { readonly current: CurrentBrowserSession; readonly file?: undefined; readonly refused: DomainError };

/**
 * An upload form of a signed-in page (`multipart/form-data`: the CSRF token, then the part named `file`): same
 * origin, then this session's token, checked before a byte of the file is read (a bad token throws). A body
 * announced larger than `limitBytes` (and a form's overhead), an empty part or no file chosen are refused.
 * Undefined when the browser is not signed in.
 */
export async function acceptUploadForm(
  ctx: Context,
  deps: WebDeps,
  limitBytes: number,
): Promise<UploadForm | undefined> {
  assertSameOrigin(ctx, deps.publicOrigin);
  if (!ctx.is('multipart/form-data')) throw new NotAnUploadForm();
  const current = await currentSession(ctx, deps);
  if (!current) return undefined;
  const length = Number(ctx.get('Content-Length') || Number.NaN);
  if (length > limitBytes + FORM_OVERHEAD_BYTES) {
    if (length <= DRAINED_BYTES) await drained(ctx);
    else ctx.set('Connection', 'close');
    return { current, refused: new UploadTooLarge(limitBytes) };
  }
  if (Number.isNaN(length)) ctx.set('Connection', 'close');
  const form = await multipartFile(ctx, !Number.isNaN(length));
  if (!current.session.acceptsCsrfToken(form.fields._csrf)) {
    await form.drain();
    throw new CsrfRejected();
  }
  if (!form.file) return { current, refused: form.refused ?? new NotAnUploadForm() };
  return { current, file: form.file };
}

function drained(ctx: Context): Promise<void> {
  return new Promise((resolve) => {
    ctx.req.on('end', resolve).on('error', () => resolve());
    ctx.req.resume();
  });
}

/** The fields before the part named `file`, and that part (its bytes not read yet), or why there is none. */
async function multipartFile(
  ctx: Context,
  drainable: boolean,
): Promise<{
  fields: Record<string, string>;
  drain: () => Promise<void>;
  file?: UploadedFile;
  refused?: DomainError;
}> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: ctx.req.headers, limits: { files: 1, fields: 4, fieldSize: 1024 } });
  } catch {
    throw new NotAnUploadForm();
  }
  const fields: Record<string, string> = Object.create(null);
  parser.on('field', (name, value) => {
    fields[name] = value;
  });
  const ended = new Promise<void>((resolve, reject) => {
    parser.once('close', resolve);
    parser.once('error', reject);
  });
  ended.catch(() => {});
  const part = new Promise<{ name: string; type: string; stream: NodeJS.ReadableStream } | undefined>(
    (resolve) => {
      parser.on('file', (field, stream, info) => {
        if (field !== 'file') return void stream.resume();
        resolve({ name: info.filename ?? '', type: info.mimeType, stream });
      });
      ended.then(
        () => resolve(undefined),
        () => resolve(undefined),
      );
    },
  );
  ctx.req.pipe(parser);
  const found = await part;
  // A body of unknown length is not read on after a refusal: its connection closes after the answer.
  const drain = async () => {
    found?.stream.resume();
    if (drainable) await ended.catch(() => {});
  };
  if (!found || found.name === '') {
    await drain();
    return { fields, drain, refused: new InvalidInput('choose a file to upload') };
  }
  const { name, type, stream } = found;
  async function* bytes(): AsyncIterable<Uint8Array> {
    let size = 0;
    // Not destroyed when the upload stops early (too large): the rest is drained, and the answer is seen.
    for await (const chunk of (stream as Readable).iterator({ destroyOnReturn: false })) {
      size += (chunk as Uint8Array).length;
      yield chunk as Uint8Array;
    }
    if (size === 0) throw new InvalidInput(`the file ${name} is empty: there is nothing to upload`);
  }
  return { fields, drain, file: { name, contentType: type, bytes: bytes(), drain } };
}
