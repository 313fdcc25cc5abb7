// A TCP proxy between the server and PostgreSQL that a script controls: it passes traffic, refuses it (the
// database host is down: new connections are refused and open ones reset), or drops it silently (a network
// partition: connections stay open but nothing gets through either way, no FIN, no RST, until it heals).
import { connect, createServer, type Server, type Socket } from 'node:net';

interface Pair {
  readonly client: Socket;
  upstream: Socket | undefined;
}

export class TcpProxy {
  readonly #target: { host: string; port: number };
  readonly #pairs = new Set<Pair>();
  #server: Server | undefined;
  #port = 0;
  #dropping = false;

  private constructor(target: { host: string; port: number }) {
    this.#target = target;
  }

  /** Listens on a free loopback port in front of `databaseUrl`'s host and port. */
  static async start(databaseUrl: string): Promise<TcpProxy> {
    const url = new URL(databaseUrl);
    const proxy = new TcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    await proxy.#listen();
    return proxy;
  }

  /** `databaseUrl` with its host and port replaced by the proxy's. */
  urlFor(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.#port);
    return url.toString();
  }

  /** The host is down: the port refuses connections and every open connection is reset. */
  async refuse(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    for (const pair of this.#pairs) {
      pair.client.resetAndDestroy();
      pair.upstream?.destroy();
    }
    this.#pairs.clear();
    await new Promise((resolve) => server?.close(resolve));
  }

  /** A partition: open and new connections stay up, and every byte either way waits until `heal`. */
  drop(): void {
    this.#dropping = true;
    for (const pair of this.#pairs) this.#hold(pair);
  }

  /** Traffic passes again: a refused port listens again, held connections carry on (TCP would retransmit). */
  async heal(): Promise<void> {
    this.#dropping = false;
    for (const pair of this.#pairs) this.#flow(pair);
    if (!this.#server) await this.#listen();
  }

  async close(): Promise<void> {
    await this.refuse();
  }

  async #listen(): Promise<void> {
    const server = createServer((client) => this.#accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.#port, '127.0.0.1', () => resolve());
    });
    this.#port = (server.address() as { port: number }).port;
    this.#server = server;
  }

  #accept(client: Socket): void {
    const pair: Pair = { client, upstream: undefined };
    this.#pairs.add(pair);
    client.on('error', () => {});
    client.on('close', () => {
      this.#pairs.delete(pair);
      pair.upstream?.destroy();
    });
    if (this.#dropping) client.pause();
    else this.#flow(pair);
  }

  #hold(pair: Pair): void {
    pair.client.unpipe();
    pair.upstream?.unpipe();
    pair.client.pause();
    pair.upstream?.pause();
  }

  #flow(pair: Pair): void {
    if (!pair.upstream) {
      const upstream = connect(this.#target.port, this.#target.host);
      upstream.on('error', () => {});
      upstream.on('close', () => pair.client.destroy());
      pair.upstream = upstream;
    }
    pair.client.pipe(pair.upstream);
    pair.upstream.pipe(pair.client);
  }
}
