import { ProviderError } from '../../../domain/models/model-errors.ts';

/** What each SDK adapter is built with: the account's address and key, and how long to wait. */
export interface SdkProviderOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  /** Connects only where the outbound address policy allows (see `guardedFetch`). */
  readonly fetch: typeof fetch;
  /** A call fails when no answer starts, or the stream pauses, for this long. */
  readonly timeoutMs: number;
  /** Retries of a 408, 409, 429 or 5xx answer or a failed connection (the SDK's backoff, `retry-after` honoured). */
  readonly maxRetries: number;
}

const MAX_MESSAGE_LENGTH = 500;

/**
 * The items of the stream `open` starts, under the caller's signal and an inactivity timeout: the timer runs
 * while waiting for the provider (not while the consumer handles an item). Aborting, timing out, or the
 * consumer stopping early closes the request. Failures become ProviderError with the key scrubbed; an abort by
 * the caller rethrows its signal's reason.
 */
export async function* withinCall<T>(
  options: Pick<SdkProviderOptions, 'apiKey' | 'timeoutMs'>,
  signal: AbortSignal | undefined,
  open: (signal: AbortSignal) => Promise<AsyncIterable<T>>,
): AsyncGenerator<T> {
  signal?.throwIfAborted();
  const controller = new AbortController();
  const cancel = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', cancel, { once: true });
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs);
  };
  try {
    arm();
    const stream = await open(controller.signal);
    for await (const item of stream) {
      clearTimeout(timer);
      yield item;
      arm();
    }
    // The SDKs end a stream quietly when its request is aborted: an abort or a timeout is still a failure.
    controller.signal.throwIfAborted();
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (timedOut) {
      throw new ProviderError(null, `no answer from the provider within ${options.timeoutMs / 1000} s`);
    }
    throw providerError(error, options.apiKey);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
    controller.abort();
  }
}

/** One answer (not streamed) under the same rules as `withinCall`. */
export async function withinSingleCall<T>(
  options: Pick<SdkProviderOptions, 'apiKey' | 'timeoutMs'>,
  signal: AbortSignal | undefined,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const once = async function* (inner: AbortSignal): AsyncGenerator<T> {
    yield await call(inner);
  };
  for await (const answer of withinCall(options, signal, async (inner) => once(inner))) return answer;
  throw new ProviderError(null, 'the provider gave no answer');
}

/**
 * The provider's status and its own message (an SDK's APIError keeps the answer's body), shortened to one
 * line, with every occurrence of the key replaced: some providers quote the key they refused.
 */
export function providerError(error: unknown, apiKey: string): ProviderError {
  if (error instanceof ProviderError) return error;
  const status = statusOf(error);
  const message =
    messageOf(error) ?? (status === null ? 'the provider could not be reached' : `status ${status}`);
  const oneLine = message.split(apiKey).join('[key]').replace(/\s+/g, ' ').trim();
  return new ProviderError(status, oneLine.slice(0, MAX_MESSAGE_LENGTH));
}

function statusOf(error: unknown): number | null {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 100 && status <= 599 ? status : null;
}

function messageOf(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const body = (error as { error?: unknown }).error as
    | { message?: unknown; error?: { message?: unknown } }
    | undefined;
  const own = body?.message ?? body?.error?.message;
  if (typeof own === 'string' && own.length > 0) return own;
  // A failed connection: the cause names what failed (a refused address says only that).
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error) return `${error.message}: ${messageOf(cause) ?? cause.message}`;
  return error.message;
}
