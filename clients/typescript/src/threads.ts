import type { PlatformClientOptions } from './client.ts';
import type { operations } from './generated/schema.ts';
import { ApiError } from './problem.ts';

/** One event of a run's stream: `message.delta` `{text}`, `tool.call`, `tool.result`, `usage`, `status`, … */
export interface RunStreamEvent {
  readonly seq: number;
  readonly type: string;
  readonly data: unknown;
  readonly at: string;
}

export interface FollowOptions {
  /** Start after this seq (default 0: every event of the run). */
  readonly after?: number;
  /** Ends the iteration (and the connection). */
  readonly signal?: AbortSignal;
  /** How long to wait before reconnecting after a dropped connection (default 500 ms). */
  readonly retryMs?: number;
  /** Reconnections allowed in a row without an event in between (default 20). */
  readonly maxRetries?: number;
}

/** A message sent to a thread, and the run that answers it. */
export interface Reply {
  readonly message: operations['sendMessage']['responses'][202]['content']['application/json']['message'];
  readonly run: { readonly id: string; readonly status: string };
  /** Every event of the answer's run, live, until it finished (resuming after a dropped connection). */
  events(options?: Omit<FollowOptions, 'after'>): AsyncIterable<RunStreamEvent>;
  /** The text of the answer as it streams: each `message.delta`'s `text`. */
  deltas(options?: Omit<FollowOptions, 'after'>): AsyncIterable<string>;
}

/**
 * Sends a message to a thread (`POST /api/threads/{id}/messages`): the answer is a run, whose events and text
 * the reply iterates. `parentId` starts a new branch from that message (how a message is edited).
 */
export async function sendMessage(
  options: PlatformClientOptions,
  threadId: string,
  content: string,
  parentId?: string,
): Promise<Reply> {
  const fetcher = options.fetch ?? ((request: Request) => fetch(request));
  const response = await fetcher(
    new Request(`${options.baseUrl}/api/threads/${threadId}/messages`, {
      method: 'POST',
      headers: {
        authorization: await options.credential.authorization(),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ content, ...(parentId === undefined ? {} : { parent_id: parentId }) }),
    }),
  );
  if (!response.ok) throw await ApiError.from(response);
  const sent = (await response.json()) as Pick<Reply, 'message' | 'run'>;
  const events = (follow?: Omit<FollowOptions, 'after'>) => followRun(options, sent.run.id, follow);
  return {
    ...sent,
    events,
    async *deltas(follow) {
      for await (const event of events(follow)) {
        if (event.type === 'message.delta') yield (event.data as { text: string }).text;
      }
    },
  };
}

/**
 * A run's events (`GET /api/runs/{id}/events/stream`) as an async iterator, until the run finished and its
 * events were all sent. A dropped connection is reopened with `Last-Event-ID`, so no event is missed or
 * repeated; an error answer (404, 401 after the credential ended) is thrown as an ApiError.
 */
export async function* followRun(
  options: PlatformClientOptions,
  runId: string,
  follow: FollowOptions = {},
): AsyncGenerator<RunStreamEvent> {
  const fetcher = options.fetch ?? ((request: Request) => fetch(request));
  let last = follow.after ?? 0;
  let failures = 0;
  for (;;) {
    let ended = false;
    try {
      const response = await fetcher(
        new Request(`${options.baseUrl}/api/runs/${runId}/events/stream`, {
          headers: {
            authorization: await options.credential.authorization(),
            accept: 'text/event-stream',
            ...(last > 0 ? { 'last-event-id': String(last) } : {}),
          },
          ...(follow.signal ? { signal: follow.signal } : {}),
        }),
      );
      if (!response.ok) throw await ApiError.from(response);
      for await (const frame of frames(response.body as ReadableStream<Uint8Array>)) {
        if (frame.event === 'end') {
          ended = true;
          break;
        }
        if (frame.data === undefined) continue;
        const event = JSON.parse(frame.data) as RunStreamEvent;
        last = event.seq;
        failures = 0;
        yield event;
      }
    } catch (error) {
      if (error instanceof ApiError || follow.signal?.aborted) throw error;
      failures += 1;
      if (failures > (follow.maxRetries ?? 20)) throw error;
    }
    if (ended) return;
    if (follow.signal?.aborted) return;
    await new Promise((resolve) => setTimeout(resolve, follow.retryMs ?? 500));
  }
}

/** The Server-Sent Events frames of a body, as they arrive (comments skipped). */
async function* frames(body: ReadableStream<Uint8Array>): AsyncGenerator<{ event: string; data?: string }> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of body) {
    text += decoder.decode(chunk, { stream: true });
    let end = text.indexOf('\n\n');
    while (end >= 0) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      end = text.indexOf('\n\n');
      let event = 'message';
      let data: string | undefined;
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:'))
          data = (data === undefined ? '' : `${data}\n`) + line.slice(5).trimStart();
      }
      if (data !== undefined || event !== 'message') yield data === undefined ? { event } : { event, data };
    }
  }
}
