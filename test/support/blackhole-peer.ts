import { connect, type Socket } from 'node:net';
import { Worker } from 'node:worker_threads';

/**
 * A loopback address whose TCP handshake never completes. A listener with a backlog of one, on a thread that
 * blocks right after listening, never accepts: once its accept queue is full (two handshakes done, held
 * here), the kernel drops every further SYN, so a client's connect stays pending until its own timeout, as
 * with a host that drops packets.
 */
export async function startBlackholePeer(): Promise<{ url: string; close(): Promise<void> }> {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
     const server = require('node:net').createServer();
     server.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
       parentPort.postMessage(server.address().port);
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60000);
     });`,
    { eval: true },
  );
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const fillers: Socket[] = [];
  for (let i = 0; i < 2; i++) {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    fillers.push(socket);
  }
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    close: async () => {
      for (const socket of fillers) socket.destroy();
      await worker.terminate();
    },
  };
}
