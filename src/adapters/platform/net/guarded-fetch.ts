import { isIP } from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { isForbiddenAddress } from './address-policy.ts';
import { checkedLookup, RefusedTarget } from './checked-lookup.ts';

export interface GuardedFetchOptions {
  /** Reach loopback, private, link-local and metadata addresses too: for local models and tests only. */
  readonly allowPrivate: boolean;
  /** A target that does not accept the connection within this time fails the request. */
  readonly connectTimeoutMs?: number;
}

/**
 * A `fetch` (for client libraries that accept one, such as the model SDKs) whose every connection obeys the
 * outbound address policy: an IP literal is checked before connecting, a name through `checkedLookup` where
 * the socket is made, so neither DNS rebinding nor a redirect to an internal address gets through. Each
 * call of this function makes its own connection pool; keep the result and reuse it.
 */
export function guardedFetch({ allowPrivate, connectTimeoutMs = 10_000 }: GuardedFetchOptions): typeof fetch {
  const connect = buildConnector({
    timeout: connectTimeoutMs,
    ...(allowPrivate ? {} : { lookup: checkedLookup }),
  });
  const dispatcher = new Agent({
    connect: allowPrivate
      ? connect
      : (options, callback) => {
          const host = options.hostname.replace(/^\[|\]$/g, '');
          if (isIP(host) !== 0 && isForbiddenAddress(host)) return callback(new RefusedTarget(), null);
          return connect(options, callback);
        },
  });
  return ((input: Parameters<typeof undiciFetch>[0], init?: Parameters<typeof undiciFetch>[1]) =>
    undiciFetch(input, { ...init, dispatcher })) as unknown as typeof fetch;
}
