import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly at: Date;
}

export type Reply = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A real HTTP receiver on loopback: records every request and answers with the replies a test queues
 * (a plain 204 once they run out).
 */
export async function startReceiver() {
  const received: Received[] = [];
  const replies: Reply[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString(), at: new Date() });
      const reply = replies.shift() ?? ((_req, out) => out.writeHead(204).end());
      reply(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    /** Queues replies, in order, for the next requests. */
    reply: (...next: Reply[]) => replies.push(...next),
    /** Resolves once `count` requests came in. */
    async waitFor(count: number, timeoutMs = 15000): Promise<Received[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`receiver got ${received.length} of ${count} requests`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const status =
  (code: number, headers: Record<string, string> = {}): Reply =>
  (_req, res) =>
    res.writeHead(code, headers).end();
