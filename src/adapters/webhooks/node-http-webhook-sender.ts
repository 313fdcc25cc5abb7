import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { OutgoingMessage, WebhookSender } from '../../application/webhooks/ports/webhook-sender.ts';
import type { AttemptResult } from '../../domain/webhooks/webhook-message.ts';
import { isForbiddenAddress } from '../platform/net/address-policy.ts';
import { standardWebhooksSignature } from './standard-webhooks-signature.ts';

/** Success is a 2xx within this time (CONTRACT section 8). */
export const ATTEMPT_TIMEOUT_MS = 15_000;
/** A target that does not accept the connection within this time fails the attempt at once. */
export const CONNECT_TIMEOUT_MS = 5_000;
/** What is read of an answer at most: its status decides, its body is never kept. */
export const MAX_RESPONSE_BYTES = 64 * 1024;

export interface SenderOptions {
  /** OUTBOUND_WEBHOOKS_ALLOW_PRIVATE: for local testing only. */
  readonly allowPrivate: boolean;
  readonly timeoutMs?: number;
  readonly connectTimeoutMs?: number;
  readonly userAgent?: string;
}

/**
 * The one error of a refused target. It names no address: the attempt log is shown to every member, and
 * what an internal name resolves to would map the network behind the server.
 */
const REFUSED = 'refused: not a public address';

class RefusedTarget extends Error {}

/**
 * Standard Webhooks over node:http(s). Redirects are not followed (a 3xx is a failed attempt). The target's
 * address is checked where the connection is made: a `lookup` hook validates every address DNS gives for the
 * name and hands the socket only checked ones, so a name that resolves differently at connect time (DNS
 * rebinding) cannot slip past a check done earlier; an IP literal is checked before connecting.
 */
export class NodeHttpWebhookSender implements WebhookSender {
  readonly #allowPrivate: boolean;
  readonly #timeoutMs: number;
  readonly #connectTimeoutMs: number;
  readonly #userAgent: string;

  constructor({
    allowPrivate,
    timeoutMs = ATTEMPT_TIMEOUT_MS,
    connectTimeoutMs = CONNECT_TIMEOUT_MS,
    userAgent = 'platform-api-webhooks/1',
  }: SenderOptions) {
    this.#allowPrivate = allowPrivate;
    this.#timeoutMs = timeoutMs;
    this.#connectTimeoutMs = connectTimeoutMs;
    this.#userAgent = userAgent;
  }

  send(message: OutgoingMessage): Promise<AttemptResult> {
    const attemptedAt = new Date();
    const started = performance.now();
    const result = (responseStatus: number | null, error: string | null): AttemptResult => ({
      attemptedAt,
      durationMs: Math.round(performance.now() - started),
      responseStatus,
      error,
    });
    const url = new URL(message.url);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!this.#allowPrivate && isIP(host) !== 0 && isForbiddenAddress(host)) {
      return Promise.resolve(result(null, REFUSED));
    }
    const seconds = Math.floor(message.timestamp.getTime() / 1000);
    const body = Buffer.from(message.body);
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve) => {
      let settled = false;
      let connectTimer: NodeJS.Timeout | undefined;
      const finish = (status: number | null, error: string | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearTimeout(connectTimer);
        req.destroy();
        resolve(result(status, error));
      };
      const req = request(
        url,
        {
          method: 'POST',
          agent: false,
          lookup: this.#allowPrivate ? undefined : checkedLookup,
          headers: {
            'content-type': 'application/json',
            'content-length': body.byteLength,
            'user-agent': this.#userAgent,
            'webhook-id': message.webhookId,
            'webhook-timestamp': String(seconds),
            'webhook-signature': standardWebhooksSignature(
              message.secrets,
              message.webhookId,
              seconds,
              message.body,
            ),
          },
        },
        (res: IncomingMessage) => {
          const status = res.statusCode ?? null;
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            read += chunk.byteLength;
            if (read > MAX_RESPONSE_BYTES) finish(status, null); // enough: the status is all that counts
          });
          res.on('end', () => finish(status, null));
          res.on('error', () => finish(status, null));
        },
      );
      const timer = setTimeout(
        () => finish(null, `no answer within ${this.#timeoutMs / 1000} s`),
        this.#timeoutMs,
      );
      req.on('socket', (socket) => {
        if (!socket.connecting) return;
        connectTimer = setTimeout(
          () => finish(null, `no connection within ${this.#connectTimeoutMs / 1000} s`),
          this.#connectTimeoutMs,
        );
        socket.once('connect', () => clearTimeout(connectTimer));
      });
      req.on('error', (error: Error) =>
        finish(
          null,
          error instanceof RefusedTarget ? error.message : `connection failed: ${describe(error)}`,
        ),
      );
      req.end(body);
    });
  }
}

/** dns.lookup, refusing the name when any address it resolves to is forbidden. */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const forbidden = addresses.find(({ address }) => isForbiddenAddress(address));
    if (forbidden || addresses.length === 0) {
      return callback(new RefusedTarget(REFUSED), '', 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const [first] = addresses as [LookupAddress];
    return callback(null, first.address, first.family);
  });
};

function describe(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code ?? error.message;
}
