import type { Credential } from './credentials.ts';
import type { paths } from './generated/schema.ts';
import { ApiError } from './problem.ts';

/** A file as the API shows it (`GET /api/files/{id}`). */
export type PlatformFile = paths['/api/files/{id}']['get']['responses'][200]['content']['application/json'];

/** What an upload sends: bytes in memory, a Blob, or a stream (sent as it is read, never held whole). */
export type UploadBody = Uint8Array | Blob | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

export interface FileUpload {
  readonly workspaceId: string;
  readonly name: string;
  readonly body: UploadBody;
  /** The sender's type; the server keeps what the first bytes show when they disagree (default octet-stream). */
  readonly contentType?: string;
  readonly signal?: AbortSignal;
}

export interface FileDownload {
  /** The bytes as they arrive (`Content-Type`, the name and the size are in the other fields). */
  readonly body: ReadableStream<Uint8Array>;
  readonly contentType: string;
  /** The bytes `body` carries: the file's size, or the range's. */
  readonly size: number;
  /** The file's hex SHA-256 (its ETag). */
  readonly sha256: string;
}

export interface PlatformFiles {
  /** `POST /api/files`: streams `body` as the file's raw bytes; resolves with the stored file. */
  upload(upload: FileUpload): Promise<PlatformFile>;
  /**
   * `GET /api/files/{id}/content`: the file's bytes as a stream, or those of `range` (inclusive, as HTTP's;
   * `end` omitted: to the end). Read or cancel the stream: an unread body holds the connection.
   */
  download(
    fileId: string,
    options?: { readonly range?: { start: number; end?: number }; readonly signal?: AbortSignal },
  ): Promise<FileDownload>;
}

export interface PlatformFilesOptions {
  readonly baseUrl: string;
  readonly credential: Credential;
  readonly fetch?: (request: Request) => Promise<Response>;
}

/**
 * Files of the API (CONTRACT section 11) without the typed client, whose JSON bodies cannot stream: a run's
 * input or output names files by id, and a worker reads and writes them with its key (an `admin` key uploads;
 * any key of the workspace downloads).
 */
export function platformFiles({
  baseUrl,
  credential,
  fetch: send = fetch,
}: PlatformFilesOptions): PlatformFiles {
  const base = baseUrl.replace(/\/+$/, '');
  async function call(path: string, init: RequestInit & { duplex?: 'half' }): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('authorization', await credential.authorization());
    const response = await send(new Request(`${base}${path}`, { ...init, headers }));
    if (!response.ok) throw await ApiError.from(response);
    return response;
  }
  return {
    async upload({ workspaceId, name, body, contentType, signal }) {
      const query = new URLSearchParams({ workspace_id: workspaceId, name });
      const response = await call(`/api/files?${query}`, {
        method: 'POST',
        headers: { 'content-type': contentType ?? 'application/octet-stream' },
        body: requestBody(body),
        duplex: 'half',
        signal,
      });
      return (await response.json()) as PlatformFile;
    },
    async download(fileId, options = {}) {
      const { range, signal } = options;
      const headers: Record<string, string> = range
        ? { range: `bytes=${range.start}-${range.end ?? ''}` }
        : {};
      const response = await call(`/api/files/${encodeURIComponent(fileId)}/content`, { headers, signal });
      if (!response.body) throw new Error('the answer has no body');
      return {
        body: response.body,
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
        size: Number(response.headers.get('content-length')),
        sha256: (response.headers.get('etag') ?? '').replaceAll('"', ''),
      };
    },
  };
}

/** A body fetch sends as it reads: async iterables become a stream pulled one piece at a time. */
function requestBody(body: UploadBody): NonNullable<RequestInit['body']> {
  if (body instanceof Uint8Array || body instanceof Blob || body instanceof ReadableStream)
    return body as NonNullable<RequestInit['body']>;
  const iterator = body[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel(reason) {
      await iterator.return?.(reason);
    },
  });
}
