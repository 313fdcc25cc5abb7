import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { anthropicEvents, errorBody, openAiEvents, type ScriptedAnswer } from './fake-model-streams.ts';
import { hashedEmbedding } from './hashed-embedder.ts';

export type { ScriptedAnswer } from './fake-model-streams.ts';

/** A request as the fake provider received it. */
export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly rawBody: string;
  readonly body: Record<string, unknown>;
  /** Resolves when the client closed the connection before the answer ended (a cancelled call). */
  readonly closedEarly: Promise<void>;
}

/**
 * A model provider on loopback speaking both wire formats, streamed: OpenAI Chat Completions at
 * `POST {url}/v1/chat/completions` and embeddings at `POST {url}/v1/embeddings` (the hashed embedder's vectors) (so `base_url` is `{url}/v1`),
 * Anthropic Messages at `POST {url}/v1/messages` (`base_url` is `{url}`). Each request takes the next scripted
 * answer (an empty text answer when none is left); every request is recorded.
 */
export interface FakeModelProvider {
  readonly url: string;
  /** Queues answers, taken in order by the requests to come. */
  script(...answers: ScriptedAnswer[]): void;
  readonly requests: readonly ReceivedRequest[];
  close(): Promise<void>;
}

/** `dimensions`: the length of the embeddings it serves (256 by default). */
export async function fakeModelProvider(options: { dimensions?: number } = {}): Promise<FakeModelProvider> {
  const queue: ScriptedAnswer[] = [];
  const requests: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let finished = false;
      res.on('finish', () => {
        finished = true;
      });
      const closedEarly = new Promise<void>((resolve) =>
        res.on('close', () => {
          if (!finished) resolve();
        }),
      );
      const body = rawBody ? (JSON.parse(rawBody) as Record<string, unknown>) : {};
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        rawBody,
        body,
        closedEarly,
      });
      void answer(req, res, body, queue.shift() ?? { text: [''] }, options.dimensions);
    });
  });
  server.keepAliveTimeout = 100;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    script: (...answers) => queue.push(...answers),
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function answer(
  req: IncomingMessage,
  res: ServerResponse,
  body: Record<string, unknown>,
  scripted: ScriptedAnswer,
  dimensions: number | undefined,
): Promise<void> {
  const format = req.url === '/v1/messages' ? 'anthropic' : 'openai';
  if (scripted.delayMs) await sleep(scripted.delayMs);
  if (res.destroyed) return;
  if (scripted.status) {
    res.writeHead(scripted.status, { 'content-type': 'application/json', ...scripted.headers });
    res.end(JSON.stringify(errorBody(format, scripted.status, scripted.message ?? 'failed')));
    return;
  }
  if (req.url === '/v1/embeddings') {
    const inputs = body.input as string[];
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        object: 'list',
        model: body.model,
        // A deterministic vector per input that points alike for texts sharing words (see hashed-embedder).
        data: inputs.map((text, index) => ({
          object: 'embedding',
          index,
          embedding: hashedEmbedding(text, dimensions),
        })),
        usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
      }),
    );
    return;
  }
  const includeUsage =
    (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
  const events = format === 'anthropic' ? anthropicEvents(scripted) : openAiEvents(scripted, includeUsage);
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const [sent, event] of events.entries()) {
    if (scripted.stallAfter !== undefined && sent >= scripted.stallAfter) return; // never ends
    if (res.destroyed) return;
    res.write(event);
    if (scripted.pauseMs) await sleep(scripted.pauseMs);
  }
  res.end();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
