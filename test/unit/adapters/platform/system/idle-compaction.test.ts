import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { compactWhenIdle } from '../../../../../src/adapters/platform/system/idle-compaction.ts';

describe('compactWhenIdle', () => {
  let server: Server;
  let base: string;
  beforeEach(async () => {
    server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const requests = (n: number) =>
    Promise.all(Array.from({ length: n }, () => fetch(base).then((r) => r.text())));
  const windows = (n: number) => new Promise((resolve) => setTimeout(resolve, n * 100 + 50));

  it('collects once when the server goes quiet after a busy stretch, and not again while it stays quiet', async () => {
    let collections = 0;
    const stop = compactWhenIdle(server, {
      windowMs: 100,
      quietBelow: 3,
      busyAfter: 20,
      compact: () => collections++,
    });
    try {
      await windows(2);
      expect(collections, 'an idle server that was never busy').to.equal(0);
      await requests(25);
      await windows(6);
      expect(collections).to.equal(1);
      // A probe now and then keeps no server busy, and is not a busy stretch either.
      await requests(1);
      await windows(6);
      expect(collections).to.equal(1);
      await requests(25);
      await windows(6);
      expect(collections).to.equal(2);
    } finally {
      stop();
    }
  });

  it('stops counting once stopped', async () => {
    let collections = 0;
    const stop = compactWhenIdle(server, {
      windowMs: 100,
      quietBelow: 3,
      busyAfter: 5,
      compact: () => collections++,
    });
    stop();
    await requests(10);
    await windows(6);
    expect(collections).to.equal(0);
    expect(server.listenerCount('request')).to.equal(1);
  });
});
