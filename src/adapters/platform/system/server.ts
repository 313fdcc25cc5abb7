import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type Koa from 'koa';
import { nodeHttp } from './node-http.ts';

/** An HTTP server with the service's timeouts and parser-error answers; `app` may be attached later. */
export function createHttpServer(app?: Koa): Server {
  const server = app ? nodeHttp.createServer(app.callback()) : nodeHttp.createServer();
  server.keepAliveTimeout = 5000;
  server.headersTimeout = 10000;
  server.requestTimeout = 30000;
  server.on('clientError', answerClientError);
  return server;
}

export function listen(app: Koa, port: number, host: string): Promise<Server> {
  return listenOn(createHttpServer(app), port, host);
}

export async function listenOn(server: Server, port: number, host: string): Promise<Server> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

/** Stops accepting, lets in-flight requests finish, and cuts what is still open after `timeoutMs`. */
export async function closeServer(server: Server, timeoutMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
  await closed;
  clearTimeout(timer);
}

/**
 * Requests Node's parser refuses before Koa sees them (headers over 16 KiB, malformed HTTP) still get a
 * problem+json answer instead of a bare status line; nothing of the request is echoed.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const title = tooLarge ? 'Request Header Fields Too Large' : 'Bad Request';
  const body = JSON.stringify({
    type: `urn:problem:${tooLarge ? 'headers_too_large' : 'invalid_request'}`,
    title,
    status,
    detail: tooLarge ? 'the request headers are larger than 16 KiB' : 'the request is not valid HTTP',
    code: tooLarge ? 'headers_too_large' : 'invalid_request',
  });
  // A request id like every other answer's, to quote when reporting it (the client's own is not read).
  socket.end(
    `HTTP/1.1 ${status} ${title}\r\nContent-Type: application/problem+json\r\nX-Request-Id: ${randomUUID()}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
