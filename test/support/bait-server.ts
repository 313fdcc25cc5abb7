import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A key-set URL that counts its visitors: what a token's `jku` or `x5u` would make a careless verifier fetch. */
export interface BaitServer {
  readonly url: string;
  /** How many requests reached it. */
  requests(): number;
  close(): Promise<void>;
}

export async function baitServer(): Promise<BaitServer> {
  let requests = 0;
  const server = createServer((_req, res) => {
    requests++;
    res.end('{"keys":[]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
