import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { closeServer, createHttpServer, listenOn } from '../system/server.ts';
import type { PromClientMetrics } from './prom-client-metrics.ts';

export interface MetricsListenerOptions {
  readonly metrics: PromClientMetrics;
  readonly port: number;
  /** 127.0.0.1 unless METRICS_HOST says otherwise: the metrics tell an outsider a lot about the traffic. */
  readonly host: string;
  /** When set, a scrape must send `Authorization: Bearer <token>`. */
  readonly token: string | undefined;
  readonly logger: Logger;
  /** More documents it serves to `GET`, by path (`/health`), behind the same token. */
  readonly documents?: ReadonlyMap<string, () => Promise<OperatorDocument>>;
}

/** A document of the operator listener: its status, content type and text. */
export interface OperatorDocument {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

/**
 * The operator listener: `GET /metrics` in the Prometheus text format (and the `documents`, such as the
 * health detail), on a listener of its own (`METRICS_PORT`): never on the public port, so the API's proxy,
 * rate limits and routes never see it, and a firewall can keep it inside.
 */
export class MetricsListener {
  readonly #options: MetricsListenerOptions;
  readonly #server: Server;
  #listening: Promise<void> | undefined;

  constructor(options: MetricsListenerOptions) {
    this.#options = options;
    this.#server = createHttpServer();
    this.#server.on('request', (request, response) => void this.#answer(request, response));
  }

  start(): void {
    this.#listening ??= listenOn(this.#server, this.#options.port, this.#options.host).then(
      () => this.#options.logger.info({ address: this.address() }, 'metrics listening'),
      (error: Error) => this.#options.logger.error({ err: error.message }, 'metrics listener failed'),
    );
  }

  /** Resolves once listening (or once listening failed, which is logged). */
  async ready(): Promise<void> {
    await this.#listening;
  }

  /** `http://host:port` once listening. */
  address(): string {
    const { port } = this.#server.address() as AddressInfo;
    const host = this.#options.host.includes(':') ? `[${this.#options.host}]` : this.#options.host;
    return `http://${host}:${port}`;
  }

  async stop(): Promise<void> {
    if (this.#server.listening) await closeServer(this.#server, 1000);
  }

  async #answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '').split('?')[0] ?? '';
    const document = this.#options.documents?.get(path);
    if (path !== '/metrics' && !document) return send(response, 404, 'not found\n');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Allow', 'GET, HEAD');
      return send(response, 405, 'method not allowed\n');
    }
    if (!this.#authorised(request.headers.authorization)) {
      response.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      return send(response, 401, 'unauthorized\n');
    }
    if (document) return this.#serve(request, response, document);
    try {
      const text = await this.#options.metrics.exposition();
      response.setHeader('Content-Type', this.#options.metrics.contentType);
      response.setHeader('Cache-Control', 'no-store');
      send(response, 200, request.method === 'HEAD' ? '' : text);
    } catch (error) {
      this.#options.logger.error({ err: (error as Error).message }, 'metrics collection failed');
      send(response, 500, 'collection failed\n');
    }
  }

  async #serve(
    request: IncomingMessage,
    response: ServerResponse,
    document: () => Promise<OperatorDocument>,
  ): Promise<void> {
    try {
      const { status, contentType, body } = await document();
      response.setHeader('Content-Type', contentType);
      response.setHeader('Cache-Control', 'no-store');
      send(response, status, request.method === 'HEAD' ? '' : body);
    } catch (error) {
      this.#options.logger.error({ err: (error as Error).message }, 'operator document failed');
      send(response, 500, 'failed\n');
    }
  }

  #authorised(header: string | undefined): boolean {
    const token = this.#options.token;
    if (token === undefined) return true;
    const sent = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
    // Digests of equal length: the comparison takes as long whatever was sent.
    return timingSafeEqual(digest(sent), digest(token));
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

function send(response: ServerResponse, status: number, body: string): void {
  response.statusCode = status;
  if (!response.hasHeader('Content-Type')) response.setHeader('Content-Type', 'text/plain; charset=utf-8');
  response.end(body);
}
