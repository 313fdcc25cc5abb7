/** One request of an `http` node: the node's input is sent as the JSON body (none for GET). */
export interface HttpCall {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
  readonly timeoutMs: number;
}

export type HttpCallResult =
  | { readonly status: number; readonly headers: Record<string, string>; readonly body: unknown }
  | { readonly error: { readonly code: string; readonly message: string } };

/**
 * Sends the requests of `http` nodes under the outbound webhooks' rules (CONTRACT sections 8 and 9): public
 * addresses only (unless allowed), no redirects, at most 15 s, at most 1 MiB of answer (parsed when JSON).
 * Never throws: a refused target, a time-out or an oversized answer is an `error`.
 */
export interface HttpCaller {
  call(call: HttpCall): Promise<HttpCallResult>;
}
