import { type AddressInfo, connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL (or any server) that a test controls: it can cut every connection at
 * once (`down`: the database refuses), cut the one that sends a given statement (`cutOn`), or go silent
 * (`silence`: bytes either way are swallowed and nothing is closed, like packets dropped on the network).
 */
export class TcpProxy {
  readonly #server = createServer((client) => this.#accept(client));
  readonly #sockets = new Set<Socket>();
  #target!: URL;
  #port = 0;
  #silent = false;
  /** When set, the connection whose client sends SQL containing this text is cut right there. */
  cutOn: string | undefined;

  /** Listens on an ephemeral port; answers `targetUrl` with the proxy's address in place of the server's. */
  async start(targetUrl: string): Promise<string> {
    this.#target = new URL(targetUrl);
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    const url = new URL(targetUrl);
    url.hostname = '127.0.0.1';
    this.#port = (this.#server.address() as AddressInfo).port;
    url.port = String(this.#port);
    return url.toString();
  }

  /** Listens again, on the same port, after `down`: the database is back. */
  async up(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(this.#port, '127.0.0.1', resolve));
  }

  /** From now on nothing goes through, and nobody is told: open connections hang, new ones get no answer. */
  silence(): void {
    this.#silent = true;
  }

  /** Forwards again. What was swallowed meanwhile stays lost, so the connections it broke stay broken. */
  resume(): void {
    this.#silent = false;
  }

  /** Stops accepting and drops every open connection: the database is "down". */
  async down(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** Like `down`, but never fails when already down. */
  async close(): Promise<void> {
    if (this.#server.listening) await this.down();
    else for (const socket of this.#sockets) socket.destroy();
  }

  #track(socket: Socket): void {
    this.#sockets.add(socket);
    socket.on('close', () => this.#sockets.delete(socket));
    socket.on('error', () => {});
  }

  #accept(client: Socket): void {
    this.#track(client);
    // A connection opened while silent never reaches the server: its client waits for an answer in vain.
    if (this.#silent) return;
    const upstream = connect(Number(this.#target.port || 5432), this.#target.hostname);
    this.#track(upstream);
    client.on('data', (chunk: Buffer) => {
      if (this.#silent) return;
      if (this.cutOn && chunk.includes(this.cutOn)) {
        client.destroy();
        upstream.destroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!this.#silent) client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }
}
