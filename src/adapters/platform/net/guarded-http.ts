import type { IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { nodeHttp } from '../system/node-http.ts';
import { isForbiddenAddress } from './address-policy.ts';
import { checkedLookup, REFUSED_TARGET, RefusedTarget } from './checked-lookup.ts';

/** One outbound request under the address policy (outbound webhooks, `http` nodes). */
export interface GuardedRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Record<string, string | number>;
  readonly body?: Buffer | undefined;
  /** OUTBOUND_WEBHOOKS_ALLOW_PRIVATE: for local testing only. */
  readonly allowPrivate: boolean;
  readonly timeoutMs: number;
  readonly connectTimeoutMs: number;
  /** What is read of the answer at most. */
  readonly maxResponseBytes: number;
  /** Whether the answer's body is kept (else only its status counts). */
  readonly keepBody: boolean;
}

export type GuardedAnswer =
  | {
      readonly status: number;
      readonly headers: Record<string, string>;
      readonly body: Buffer;
      /** The body ran past `maxResponseBytes`: reading stopped there. */
      readonly truncated: boolean;
      readonly error?: undefined;
    }
  | { readonly status: null; readonly error: string };

/**
 * A request over node:http(s) that follows no redirect (a 3xx is an answer like any other) and gives up
 * after `timeoutMs`. The target's address is checked where the connection is made: a `lookup` hook validates
 * every address DNS gives for the name and hands the socket only checked ones, so a name that resolves
 * differently at connect time (DNS rebinding) cannot slip past a check done earlier; an IP literal is checked
 * before connecting. Never throws.
 */
export function guardedRequest(request: GuardedRequest): Promise<GuardedAnswer> {
  const url = new URL(request.url);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!request.allowPrivate && isIP(host) !== 0 && isForbiddenAddress(host)) {
    return Promise.resolve({ status: null, error: REFUSED_TARGET });
  }
  const send = url.protocol === 'https:' ? httpsRequest : nodeHttp.request;
  return new Promise((resolve) => {
    let settled = false;
    let connectTimer: NodeJS.Timeout | undefined;
    const finish = (answer: GuardedAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(connectTimer);
      req.destroy();
      resolve(answer);
    };
    const req = send(
      url,
      {
        method: request.method,
        agent: false,
        lookup: request.allowPrivate ? undefined : checkedLookup,
        headers: request.headers,
      },
      (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        const headers = Object.fromEntries(
          Object.entries(res.headers).map(([name, value]) => [
            name,
            Array.isArray(value) ? value.join(', ') : (value ?? ''),
          ]),
        );
        const chunks: Buffer[] = [];
        let read = 0;
        const done = (truncated: boolean) =>
          finish({ status, headers, body: Buffer.concat(chunks), truncated });
        res.on('data', (chunk: Buffer) => {
          read += chunk.byteLength;
          if (request.keepBody && read <= request.maxResponseBytes) chunks.push(chunk);
          if (read > request.maxResponseBytes) done(true);
        });
        res.on('end', () => done(false));
        res.on('error', () => done(false));
      },
    );
    const timer = setTimeout(
      () => finish({ status: null, error: `no answer within ${request.timeoutMs / 1000} s` }),
      request.timeoutMs,
    );
    req.on('socket', (socket) => {
      if (!socket.connecting) return;
      connectTimer = setTimeout(
        () => finish({ status: null, error: `no connection within ${request.connectTimeoutMs / 1000} s` }),
        request.connectTimeoutMs,
      );
      socket.once('connect', () => clearTimeout(connectTimer));
    });
    req.on('error', (error: Error) =>
      finish({
        status: null,
        error: error instanceof RefusedTarget ? error.message : `connection failed: ${describe(error)}`,
      }),
    );
    req.end(request.body);
  });
}

function describe(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code ?? error.message;
}
