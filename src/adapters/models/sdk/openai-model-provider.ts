import OpenAI from 'openai';
import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type {
  ChatRequest,
  EmbeddingRequest,
  Embeddings,
  ModelProvider,
} from '../../../application/models/ports/model-provider.ts';
import type { ChatEvent, FinishReason, ToolCall } from '../../../domain/models/chat.ts';
import { ProviderError } from '../../../domain/models/model-errors.ts';
import { type SdkProviderOptions, withinCall, withinSingleCall } from './provider-calls.ts';

const FINISH: Readonly<Record<string, FinishReason>> = {
  stop: 'stop',
  tool_calls: 'tool_calls',
  function_call: 'tool_calls',
  length: 'length',
};

/**
 * The Chat Completions API (`{base_url}/chat/completions`, streamed with `stream_options.include_usage`) and
 * embeddings (`{base_url}/embeddings`), through the official `openai` SDK: OpenAI itself, and what vLLM,
 * Ollama, LM Studio and llama.cpp serve. The key goes only in `Authorization: Bearer`.
 */
export class OpenAiModelProvider implements ModelProvider {
  readonly #client: OpenAI;
  readonly #options: SdkProviderOptions;
  /** OpenAI's own API wants `max_completion_tokens` (its reasoning models refuse `max_tokens`); servers
   * speaking its format mostly know only `max_tokens`. */
  readonly #ownApi: boolean;

  constructor(options: SdkProviderOptions) {
    this.#options = options;
    this.#ownApi = new URL(options.baseUrl).hostname === 'api.openai.com';
    this.#client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseUrl,
      fetch: options.fetch,
      // The SDK's own limit only backs up the inactivity timeout of `withinCall`, which decides.
      timeout: options.timeoutMs + 1000,
      maxRetries: options.maxRetries,
      // Nothing from the server's environment joins a workspace's requests, and the SDK logs nothing.
      adminAPIKey: null,
      organization: null,
      project: null,
      webhookSecret: null,
      logLevel: 'off',
    });
  }

  async *chat(request: ChatRequest): AsyncGenerator<ChatEvent> {
    const chunks = withinCall(this.#options, request.signal, (signal) =>
      this.#client.chat.completions.create(this.#params(request), { signal }),
    );
    const calls = new Map<number, { id: string; name: string; arguments: string }>();
    let content = '';
    let finish: FinishReason | undefined;
    let usage: { inputTokens: number; outputTokens: number } | null = null;
    for await (const chunk of chunks as AsyncIterable<ChatCompletionChunk>) {
      if (chunk.usage) {
        usage = { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
        yield { type: 'usage', usage };
      }
      const [choice] = chunk.choices;
      if (!choice) continue;
      const text = choice.delta.content;
      if (text) {
        content += text;
        yield { type: 'text', text };
      }
      for (const piece of choice.delta.tool_calls ?? []) {
        const call = calls.get(piece.index) ?? { id: '', name: '', arguments: '' };
        call.id ||= piece.id ?? '';
        call.name += piece.function?.name ?? '';
        call.arguments += piece.function?.arguments ?? '';
        calls.set(piece.index, call);
      }
      if (choice.finish_reason) finish = FINISH[choice.finish_reason] ?? 'other';
    }
    if (finish === undefined) throw new ProviderError(null, 'the answer ended before the model finished');
    const toolCalls: ToolCall[] = [...calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
    for (const call of toolCalls) yield { type: 'tool_call', call };
    yield { type: 'done', answer: { content, toolCalls, finishReason: finish, usage } };
  }

  readonly embed = (request: EmbeddingRequest): Promise<Embeddings> =>
    withinSingleCall(this.#options, request.signal, async (signal) => {
      const answer = await this.#client.embeddings.create(
        { model: request.model, input: [...request.inputs], encoding_format: 'float' },
        { signal },
      );
      const vectors = [...answer.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
      return { vectors, inputTokens: answer.usage?.prompt_tokens ?? null };
    });

  #params(request: ChatRequest): ChatCompletionCreateParamsStreaming {
    const messages: ChatCompletionMessageParam[] = request.instructions
      ? [{ role: 'system', content: request.instructions }]
      : [];
    for (const message of request.messages) {
      if (message.role === 'tool') {
        messages.push({ role: 'tool', tool_call_id: message.toolCallId, content: message.content });
      } else if (message.role === 'assistant' && message.toolCalls?.length) {
        messages.push({
          role: 'assistant',
          content: message.content || null,
          tool_calls: message.toolCalls.map((call) => ({
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: call.arguments },
          })),
        });
      } else {
        messages.push({ role: message.role, content: message.content });
      }
    }
    const limit = request.maxOutputTokens;
    return {
      model: request.model,
      messages,
      stream: true,
      stream_options: { include_usage: true },
      ...(request.tools?.length
        ? {
            tools: request.tools.map((tool) => ({
              type: 'function' as const,
              function: {
                name: tool.name,
                description: tool.description,
                parameters: { ...tool.inputSchema },
              },
            })),
          }
        : {}),
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...(limit === undefined ? {} : this.#ownApi ? { max_completion_tokens: limit } : { max_tokens: limit }),
    };
  }
}
