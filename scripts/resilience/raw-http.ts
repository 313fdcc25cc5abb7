// HTTP/1.1 written by hand on a socket, for requests no HTTP client will send (duplicate or non-ASCII headers,
// odd methods, raw bytes in the target) and for clients that trickle bytes.
import { connect, type Socket } from 'node:net';

export interface RawRequest {
  readonly method: string;
  /** The request target as sent, byte for byte (latin1). */
  readonly target: string;
  /** Header lines in order; a name may repeat. Values are sent as latin1 bytes (use `utf8Header` for UTF-8). */
  readonly headers: readonly (readonly [string, string])[];
  readonly body?: Uint8Array;
}

export interface RawAnswer {
  readonly status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

/** Why no answer came: the server closed the connection first, or nothing came within the time limit. */
export type NoAnswer = { readonly error: 'closed' | 'timeout' };

/** `text` as UTF-8 bytes in a latin1 string, for a header value sent byte for byte. */
export const utf8Header = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

/** Sends one request with `Connection: close` and a correct Content-Length, and reads the whole answer. */
export function exchange(
  port: number,
  request: RawRequest,
  timeoutMs = 15_000,
): Promise<RawAnswer | NoAnswer> {
  const body = request.body ?? new Uint8Array();
  const lines = [
    `${request.method} ${request.target} HTTP/1.1`,
    `host: 127.0.0.1:${port}`,
    'connection: close',
    ...request.headers.map(([name, value]) => `${name}: ${value}`),
    ...(body.length > 0 || ['POST', 'PUT', 'PATCH'].includes(request.method)
      ? [`content-length: ${body.length}`]
      : []),
  ];
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let settled = false;
    const settle = (answer: RawAnswer | NoAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => settle({ error: 'timeout' }), timeoutMs);
    socket.on('error', () => {});
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const answer = parseAnswer(Buffer.concat(chunks), request.method === 'HEAD');
      if (answer) settle(answer);
    });
    socket.on('close', () =>
      settle(parseAnswer(Buffer.concat(chunks), request.method === 'HEAD', true) ?? { error: 'closed' }),
    );
    socket.write(Buffer.concat([head, body]));
  });
}

/** A complete answer in `bytes` (past any 1xx interim answers), or undefined while more is needed. */
export function parseAnswer(bytes: Buffer, headRequest: boolean, ended = false): RawAnswer | undefined {
  let start = 0;
  for (;;) {
    const end = bytes.indexOf('\r\n\r\n', start);
    if (end < 0) return undefined;
    const [statusLine = '', ...headerLines] = bytes.subarray(start, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
    if (status >= 100 && status < 200) {
      start = end + 4;
      continue;
    }
    const headers: Record<string, string> = {};
    for (const line of headerLines) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    }
    const rest = bytes.subarray(end + 4);
    if (headRequest || status === 204 || status === 304) return { status, headers, body: Buffer.alloc(0) };
    // An event stream of a run still going never ends: its status and headers are the answer.
    if (status === 200 && /^text\/event-stream/i.test(headers['content-type'] ?? '')) {
      return { status, headers, body: rest };
    }
    if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
      const body = dechunk(rest);
      return body ? { status, headers, body } : undefined;
    }
    if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      return rest.length >= length ? { status, headers, body: rest.subarray(0, length) } : undefined;
    }
    return ended ? { status, headers, body: rest } : undefined;
  }
}

function dechunk(bytes: Buffer): Buffer | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = bytes.indexOf('\r\n', at);
    if (eol < 0) return undefined;
    const size = Number.parseInt(bytes.subarray(at, eol).toString('latin1'), 16);
    if (Number.isNaN(size)) return undefined;
    if (size === 0) return Buffer.concat(parts);
    if (bytes.length < eol + 2 + size + 2) return undefined;
    parts.push(bytes.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

/** Opens a connection and hands the socket over, for clients that write at their own pace. */
export function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}
