import { createServer, type Server } from 'node:http';
import type Koa from 'koa';

export async function listen(app: Koa, port: number, host: string): Promise<Server> {
  const server = createServer(app.callback());
  server.keepAliveTimeout = 5000;
  server.headersTimeout = 10000;
  server.requestTimeout = 30000;
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
