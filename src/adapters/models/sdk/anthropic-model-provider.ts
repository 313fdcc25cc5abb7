import Anthropic from '@anthropic-ai/sdk';
import type {
  ContentBlockParam,
  MessageCreateParamsStreaming,
  MessageParam,
  RawMessageStreamEvent,
  Tool,
} from '@anthropic-ai/sdk/resources/messages/messages';
import type { ChatRequest, ModelProvider } from '../../../application/models/ports/model-provider.ts';
import type {
  ChatEvent,
  ChatMessage,
  FinishReason,
  TokenUsage,
  ToolCall,
} from '../../../domain/models/chat.ts';
import { ProviderError } from '../../../domain/models/model-errors.ts';
import { type SdkProviderOptions, withinCall } from './provider-calls.ts';

/** The Messages API requires an output limit; this one applies when the agent sets none. */
export const DEFAULT_MAX_OUTPUT_TOKENS = 4096;

const FINISH: Readonly<Record<string, FinishReason>> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  tool_use: 'tool_calls',
  max_tokens: 'length',
};

/**
 * The Messages API (`{base_url}/v1/messages`, streamed, tool use) through the official `@anthropic-ai/sdk`.
 * The key goes only in `Authorization: Bearer` (as the SDK sends it since 1.x). No embeddings: Anthropic offers
 * none.
 */
export class AnthropicModelProvider implements ModelProvider {
  readonly #client: Anthropic;
  readonly #options: SdkProviderOptions;

  constructor(options: SdkProviderOptions) {
    this.#options = options;
    this.#client = new Anthropic({
      apiKey: options.apiKey,
      baseURL: options.baseUrl,
      fetch: options.fetch,
      // The SDK's own limit only backs up the inactivity timeout of `withinCall`, which decides.
      timeout: options.timeoutMs + 1000,
      maxRetries: options.maxRetries,
      // The key given is the only credential (no token, profile or file of the server's), and nothing is logged.
      authToken: null,
      logLevel: 'off',
    });
  }

  async *chat(request: ChatRequest): AsyncGenerator<ChatEvent> {
    const events = withinCall(this.#options, request.signal, (signal) =>
      this.#client.messages.create(params(request), { signal }),
    );
    /** The blocks of the answer by index: text, or a tool call whose input JSON arrives in pieces. */
    const calls = new Map<number, ToolCall & { arguments: string }>();
    let content = '';
    let finish: FinishReason | undefined;
    let input = 0;
    let usage: TokenUsage | null = null;
    for await (const event of events as AsyncIterable<RawMessageStreamEvent>) {
      switch (event.type) {
        case 'message_start': {
          const u = event.message.usage;
          // Cached prompt tokens are input too (billed apart by the provider, counted here as input).
          input = u.input_tokens + (u.cache_creation_input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0);
          break;
        }
        case 'content_block_start':
          if (event.content_block.type === 'tool_use') {
            const { id, name, input: given } = event.content_block;
            const known = given && Object.keys(given).length > 0 ? JSON.stringify(given) : '';
            calls.set(event.index, { id, name, arguments: known });
          } else if (event.content_block.type === 'text' && event.content_block.text) {
            content += event.content_block.text;
            yield { type: 'text', text: event.content_block.text };
          }
          break;
        case 'content_block_delta':
          if (event.delta.type === 'text_delta' && event.delta.text) {
            content += event.delta.text;
            yield { type: 'text', text: event.delta.text };
          } else if (event.delta.type === 'input_json_delta') {
            const call = calls.get(event.index);
            if (call) call.arguments += event.delta.partial_json;
          }
          break;
        case 'content_block_stop': {
          const call = calls.get(event.index);
          if (call) yield { type: 'tool_call', call: { ...call, arguments: call.arguments || '{}' } };
          break;
        }
        case 'message_delta':
          finish = FINISH[event.delta.stop_reason ?? ''] ?? 'other';
          usage = { inputTokens: input, outputTokens: event.usage.output_tokens };
          yield { type: 'usage', usage };
          break;
        case 'message_stop':
          break;
      }
    }
    if (finish === undefined) throw new ProviderError(null, 'the answer ended before the model finished');
    const toolCalls = [...calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, call]) => ({ ...call, arguments: call.arguments || '{}' }));
    yield { type: 'done', answer: { content, toolCalls, finishReason: finish, usage } };
  }
}

function params(request: ChatRequest): MessageCreateParamsStreaming {
  return {
    model: request.model,
    max_tokens: request.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
    messages: messagesOf(request.messages),
    stream: true,
    ...(request.instructions ? { system: request.instructions } : {}),
    ...(request.tools?.length
      ? {
          tools: request.tools.map(
            (tool): Tool => ({
              name: tool.name,
              description: tool.description,
              input_schema: { type: 'object', ...tool.inputSchema },
            }),
          ),
        }
      : {}),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
  };
}

/**
 * The conversation in the Messages format: tool calls are `tool_use` blocks of the assistant's message, and
 * tool results `tool_result` blocks of the next user message (consecutive results share one message).
 */
function messagesOf(messages: readonly ChatMessage[]): MessageParam[] {
  const out: MessageParam[] = [];
  for (const message of messages) {
    if (message.role === 'user') {
      out.push({ role: 'user', content: message.content });
    } else if (message.role === 'assistant') {
      const blocks: ContentBlockParam[] = message.content ? [{ type: 'text', text: message.content }] : [];
      for (const call of message.toolCalls ?? []) {
        blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: parsedInput(call.arguments) });
      }
      out.push({ role: 'assistant', content: blocks });
    } else {
      const result: ContentBlockParam = {
        type: 'tool_result',
        tool_use_id: message.toolCallId,
        content: message.content,
      };
      const last = out.at(-1);
      if (last?.role === 'user' && Array.isArray(last.content))
        (last.content as ContentBlockParam[]).push(result);
      else out.push({ role: 'user', content: [result] });
    }
  }
  return out;
}

/** The Messages API wants a tool call's input as an object: arguments that are not one are sent as empty. */
function parsedInput(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
