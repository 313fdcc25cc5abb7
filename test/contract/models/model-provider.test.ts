import { expect } from 'chai';
import { sdkModelProviders } from '../../../src/adapters/models/sdk/sdk-model-providers.ts';
import type { ChatRequest, ModelProvider } from '../../../src/application/models/ports/model-provider.ts';
import type { ChatEvent } from '../../../src/domain/models/chat.ts';
import { ProviderError } from '../../../src/domain/models/model-errors.ts';
import { ProviderAccount, type ProviderKind } from '../../../src/domain/models/provider-account.ts';
import { type FakeModelProvider, fakeModelProvider } from '../../support/fake-model-provider.ts';
import { hashedEmbedding } from '../../support/hashed-embedder.ts';

const KEY = 'sk-test-0123456789abcdef';

/** Per wire format: where the fake serves it, how the key travels, and the events before the first text. */
const KINDS: readonly {
  kind: ProviderKind;
  path: string;
  baseUrl: (url: string) => string;
  eventsToText: number;
}[] = [
  { kind: 'openai', path: '/v1/chat/completions', baseUrl: (url) => `${url}/v1`, eventsToText: 2 },
  { kind: 'anthropic', path: '/v1/messages', baseUrl: (url) => url, eventsToText: 4 },
];

async function collect(stream: AsyncIterable<ChatEvent>): Promise<ChatEvent[]> {
  const events: ChatEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

async function failureOf(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

const ASK: ChatRequest = {
  model: 'fake-model',
  instructions: 'Be brief.',
  messages: [{ role: 'user', content: 'Hi' }],
};

for (const { kind, path, baseUrl, eventsToText } of KINDS) {
  describe(`ModelProvider contract: ${kind} (the official SDK against a fake provider on loopback)`, () => {
    let fake: FakeModelProvider;
    const providerOf = (
      options: { timeoutMs?: number; maxRetries?: number; allowPrivate?: boolean; url?: string } = {},
    ) => {
      const account = ProviderAccount.create(
        {
          id: 'p',
          workspaceId: 'w',
          name: kind,
          kind,
          baseUrl: baseUrl(options.url ?? fake.url),
          apiKey: KEY,
        },
        new Date(),
      );
      return sdkModelProviders({
        allowPrivate: options.allowPrivate ?? true,
        timeoutMs: options.timeoutMs ?? 5000,
        maxRetries: options.maxRetries ?? 0,
      })(account);
    };
    let model: ModelProvider;

    beforeEach(async () => {
      fake = await fakeModelProvider();
      model = providerOf();
    });
    afterEach(() => fake.close());

    it('streams the text piece by piece, then the usage the provider counted, then the whole answer', async () => {
      fake.script({ text: ['Hel', 'lo', '!'], usage: { input: 12, output: 3 } });
      const events = await collect(model.chat(ASK));
      expect(events).to.deep.equal([
        { type: 'text', text: 'Hel' },
        { type: 'text', text: 'lo' },
        { type: 'text', text: '!' },
        { type: 'usage', usage: { inputTokens: 12, outputTokens: 3 } },
        {
          type: 'done',
          answer: {
            content: 'Hello!',
            toolCalls: [],
            finishReason: 'stop',
            usage: { inputTokens: 12, outputTokens: 3 },
          },
        },
      ]);
      const [request] = fake.requests;
      expect(request?.path).to.equal(path);
      expect(request?.body.stream).to.equal(true);
      expect(request?.body.model).to.equal('fake-model');
      if (kind === 'openai') {
        expect(request?.body.stream_options).to.deep.equal({ include_usage: true });
        expect(request?.body.messages).to.deep.equal([
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hi' },
        ]);
      } else {
        expect(request?.body.system).to.equal('Be brief.');
        expect(request?.body.messages).to.deep.equal([{ role: 'user', content: 'Hi' }]);
      }
    });

    it('sends the key in its authentication header and nowhere else', async () => {
      fake.script({ text: ['ok'] });
      await collect(model.chat(ASK));
      const [request] = fake.requests;
      const { authorization, 'x-api-key': apiKey, ...others } = request?.headers ?? {};
      // Both SDKs send a key as a bearer token (`@anthropic-ai/sdk` 1.x too, no longer as `x-api-key`).
      expect(authorization).to.equal(`Bearer ${KEY}`);
      expect(apiKey).to.equal(undefined);
      expect(JSON.stringify(others)).not.to.include(KEY);
      expect(request?.rawBody).not.to.include(KEY);
      expect(request?.path).not.to.include(KEY);
    });

    it('runs a tool call round trip: the call streamed in pieces, its result sent back, then the final answer', async () => {
      fake.script(
        {
          toolCalls: [{ id: 'call_1', name: 'lookup', arguments: ['{"ci', 'ty": "Pa', 'ris"}'] }],
          usage: { input: 20, output: 8 },
        },
        { text: ['It is sunny.'], usage: { input: 30, output: 4 } },
      );
      const tools = [
        {
          name: 'lookup',
          description: 'Weather of a city',
          inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        },
      ];
      const first = await collect(model.chat({ ...ASK, tools }));
      const call = { id: 'call_1', name: 'lookup', arguments: '{"city": "Paris"}' };
      expect(first.filter((e) => e.type === 'tool_call')).to.deep.equal([{ type: 'tool_call', call }]);
      expect(first.at(-1)).to.deep.equal({
        type: 'done',
        answer: {
          content: '',
          toolCalls: [call],
          finishReason: 'tool_calls',
          usage: { inputTokens: 20, outputTokens: 8 },
        },
      });
      const second = await collect(
        model.chat({
          ...ASK,
          tools,
          messages: [
            ...ASK.messages,
            { role: 'assistant', content: '', toolCalls: [call] },
            { role: 'tool', toolCallId: 'call_1', content: '{"sky":"sunny"}' },
          ],
        }),
      );
      expect(second.at(-1)).to.deep.include({ type: 'done' });
      expect((second.at(-1) as { answer: { content: string } }).answer.content).to.equal('It is sunny.');
      const sent = fake.requests[1]?.body ?? {};
      if (kind === 'openai') {
        expect(sent.tools).to.deep.equal([
          {
            type: 'function',
            function: { name: 'lookup', description: 'Weather of a city', parameters: tools[0]?.inputSchema },
          },
        ]);
        expect((sent.messages as unknown[]).slice(2)).to.deep.equal([
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'call_1',
                type: 'function',
                function: { name: 'lookup', arguments: '{"city": "Paris"}' },
              },
            ],
          },
          { role: 'tool', tool_call_id: 'call_1', content: '{"sky":"sunny"}' },
        ]);
      } else {
        expect(sent.tools).to.deep.equal([
          { name: 'lookup', description: 'Weather of a city', input_schema: tools[0]?.inputSchema },
        ]);
        expect((sent.messages as unknown[]).slice(1)).to.deep.equal([
          {
            role: 'assistant',
            content: [{ type: 'tool_use', id: 'call_1', name: 'lookup', input: { city: 'Paris' } }],
          },
          {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: 'call_1', content: '{"sky":"sunny"}' }],
          },
        ]);
      }
    });

    it('sends the output limit and temperature', async () => {
      fake.script({ text: ['ok'], finish: 'length' });
      const events = await collect(model.chat({ ...ASK, maxOutputTokens: 64, temperature: 0.2 }));
      expect((events.at(-1) as { answer: { finishReason: string } }).answer.finishReason).to.equal('length');
      const body = fake.requests[0]?.body;
      expect(body?.temperature).to.equal(0.2);
      expect(body?.max_tokens).to.equal(64);
    });

    it('stops when the caller aborts: the stream throws the reason and the provider sees the connection close', async () => {
      fake.script({ text: ['first', 'never'], stallAfter: eventsToText });
      const controller = new AbortController();
      const stream = model.chat({ ...ASK, signal: controller.signal })[Symbol.asyncIterator]();
      expect((await stream.next()).value).to.deep.equal({ type: 'text', text: 'first' });
      const reason = new Error('stopped by the user');
      const pending = stream.next();
      controller.abort(reason);
      expect(await failureOf(pending)).to.equal(reason);
      await fake.requests[0]?.closedEarly;
    });

    for (const [status, message] of [
      [401, `Incorrect API key provided: ${KEY}`],
      [429, 'Rate limit reached'],
      [500, 'The server had an error'],
    ] as const) {
      it(`maps a provider ${status} to provider_error with its status and message, never the key`, async () => {
        fake.script({ status, message });
        const error = await failureOf(collect(model.chat(ASK)));
        expect(error).to.be.instanceOf(ProviderError);
        expect((error as ProviderError).code).to.equal('provider_error');
        expect((error as ProviderError).status).to.equal(status);
        expect((error as ProviderError).message).to.include(message.replace(KEY, '[key]'));
        expect((error as ProviderError).message).not.to.include(KEY);
      });
    }

    it('retries a 429 as many times as allowed, honouring retry-after', async () => {
      fake.script({ status: 429, message: 'slow down', headers: { 'retry-after': '0' } }, { text: ['fine'] });
      const events = await collect(providerOf({ maxRetries: 1 }).chat(ASK));
      expect(events.at(-1)).to.deep.include({ type: 'done' });
      expect(fake.requests).to.have.length(2);
    });

    it('fails with provider_error when no answer comes within the timeout', async () => {
      fake.script({ text: ['late'], delayMs: 2000 });
      const error = await failureOf(collect(providerOf({ timeoutMs: 1000 }).chat(ASK)));
      expect(error).to.be.instanceOf(ProviderError);
      expect((error as ProviderError).status).to.equal(null);
      expect((error as ProviderError).message).to.match(/no answer .* within 1 s/);
    });

    it('fails with provider_error when the stream stalls for the timeout, closing the connection', async () => {
      fake.script({ text: ['first', 'never'], stallAfter: eventsToText });
      const seen: ChatEvent[] = [];
      const error = await failureOf(
        (async () => {
          for await (const event of providerOf({ timeoutMs: 1000 }).chat(ASK)) seen.push(event);
        })(),
      );
      expect(seen).to.deep.equal([{ type: 'text', text: 'first' }]);
      expect(error).to.be.instanceOf(ProviderError);
      await fake.requests[0]?.closedEarly;
    });

    it('refuses a loopback address, literal or by name, unless private addresses are allowed, reaching nothing', async () => {
      for (const url of [fake.url, fake.url.replace('127.0.0.1', 'localhost')]) {
        const error = await failureOf(collect(providerOf({ allowPrivate: false, url }).chat(ASK)));
        expect(error, url).to.be.instanceOf(ProviderError);
        expect((error as ProviderError).status).to.equal(null);
        expect((error as ProviderError).message).to.include('refused: not a public address');
      }
      expect(fake.requests).to.have.length(0);
    });

    if (kind === 'openai') {
      it('embeds inputs, one vector per input in input order', async () => {
        const embeddings = await model.embed?.({ model: 'embed', inputs: ['a', 'bbb'] });
        expect(embeddings).to.deep.equal({
          vectors: [hashedEmbedding('a'), hashedEmbedding('bbb')],
          inputTokens: 2,
        });
        expect(fake.requests[0]?.path).to.equal('/v1/embeddings');
        expect(fake.requests[0]?.body).to.deep.include({ encoding_format: 'float', input: ['a', 'bbb'] });
      });
    } else {
      it('offers no embeddings', () => {
        expect(model.embed).to.equal(undefined);
      });
    }
  });
}
