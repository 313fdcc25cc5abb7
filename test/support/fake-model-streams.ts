// The wire formats the fake model provider speaks: OpenAI Chat Completions and Anthropic Messages, streamed as
// server-sent events, from one scripted answer.

/** One answer of the fake provider, as a test scripts it. */
export interface ScriptedAnswer {
  /** Answer this status with the provider's error body instead (and these headers: `retry-after`...). */
  readonly status?: number;
  readonly message?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** The text, in the pieces it streams in. */
  readonly text?: readonly string[];
  /** Tool calls, their arguments in the pieces they stream in. */
  readonly toolCalls?: readonly { id: string; name: string; arguments: readonly string[] }[];
  readonly usage?: { readonly input: number; readonly output: number };
  readonly finish?: 'stop' | 'tool_calls' | 'length';
  /** Wait this long before answering at all. */
  readonly delayMs?: number;
  /** Wait this long between events. */
  readonly pauseMs?: number;
  /** After this many events, send nothing more and never end (a stalled stream). */
  readonly stallAfter?: number;
}

/** The events of an answer, each a complete SSE frame. */
export function openAiEvents(answer: ScriptedAnswer, includeUsage: boolean): string[] {
  const base = {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 1_790_000_000,
    model: 'fake',
  };
  const chunk = (delta: object, finish: string | null = null) =>
    sse(undefined, { ...base, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] });
  const events = [chunk({ role: 'assistant', content: '' })];
  for (const text of answer.text ?? []) events.push(chunk({ content: text }));
  (answer.toolCalls ?? []).forEach((call, index) => {
    events.push(
      chunk({
        tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }],
      }),
    );
    for (const piece of call.arguments)
      events.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  events.push(chunk({}, finishOf(answer)));
  if (includeUsage && answer.usage) {
    const { input, output } = answer.usage;
    events.push(
      sse(undefined, {
        ...base,
        choices: [],
        usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output },
      }),
    );
  }
  events.push('data: [DONE]\n\n');
  return events;
}

export function anthropicEvents(answer: ScriptedAnswer): string[] {
  const usage = answer.usage ?? { input: 0, output: 0 };
  const events = [
    sse('message_start', {
      type: 'message_start',
      message: {
        id: 'msg_fake',
        type: 'message',
        role: 'assistant',
        model: 'fake',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: usage.input, output_tokens: 1 },
      },
    }),
    sse('ping', { type: 'ping' }),
  ];
  let index = 0;
  if (answer.text?.length) {
    events.push(block(index, { type: 'text', text: '' }));
    for (const text of answer.text) events.push(delta(index, { type: 'text_delta', text }));
    events.push(sse('content_block_stop', { type: 'content_block_stop', index }));
    index++;
  }
  for (const call of answer.toolCalls ?? []) {
    events.push(block(index, { type: 'tool_use', id: call.id, name: call.name, input: {} }));
    for (const piece of call.arguments)
      events.push(delta(index, { type: 'input_json_delta', partial_json: piece }));
    events.push(sse('content_block_stop', { type: 'content_block_stop', index }));
    index++;
  }
  const stop = { stop: 'end_turn', tool_calls: 'tool_use', length: 'max_tokens' }[finishOf(answer)];
  events.push(
    sse('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: stop, stop_sequence: null },
      usage: { output_tokens: usage.output },
    }),
    sse('message_stop', { type: 'message_stop' }),
  );
  return events;
}

/** The error body each provider answers a failed request with. */
export function errorBody(format: 'openai' | 'anthropic', status: number, message: string): object {
  return format === 'openai'
    ? {
        error: {
          message,
          type: status === 429 ? 'rate_limit_exceeded' : 'api_error',
          code: null,
          param: null,
        },
      }
    : { type: 'error', error: { type: status === 429 ? 'rate_limit_error' : 'api_error', message } };
}

function finishOf(answer: ScriptedAnswer): 'stop' | 'tool_calls' | 'length' {
  return answer.finish ?? (answer.toolCalls?.length ? 'tool_calls' : 'stop');
}

const block = (index: number, content_block: object) =>
  sse('content_block_start', { type: 'content_block_start', index, content_block });
const delta = (index: number, value: object) =>
  sse('content_block_delta', { type: 'content_block_delta', index, delta: value });

function sse(event: string | undefined, data: object): string {
  return `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`;
}
