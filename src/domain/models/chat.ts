/**
 * A conversation as the platform sends it to any model provider, in its own words (no SDK's types): the
 * adapters translate to and from each wire format.
 */

/** A call of a tool the model asked for: `arguments` as the model wrote them (JSON text, possibly invalid). */
export interface ToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: string;
}

export type ChatMessage =
  | { readonly role: 'user'; readonly content: string }
  | { readonly role: 'assistant'; readonly content: string; readonly toolCalls?: readonly ToolCall[] }
  /** The result of the tool call `toolCallId`, as text (JSON for structured output). */
  | { readonly role: 'tool'; readonly toolCallId: string; readonly content: string };

/** A tool the model may call: its name, what it does, and a JSON Schema of its input (an object). */
export interface ToolSpec {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
}

/** Tokens as the provider counted them. */
export interface TokenUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/** Why the model stopped: its final answer, tool calls to run, the output limit, or another reason. */
export type FinishReason = 'stop' | 'tool_calls' | 'length' | 'other';

/** One whole model answer: what an agent run stores before its next step. */
export interface ModelAnswer {
  readonly content: string;
  readonly toolCalls: readonly ToolCall[];
  readonly finishReason: FinishReason;
  /** Null when the provider sent no counts. */
  readonly usage: TokenUsage | null;
}

/**
 * What a streamed answer yields, in order: `text` pieces as they come, each `tool_call` once its arguments
 * are complete, `usage` when the provider counts, and last `done` with the whole answer.
 */
export type ChatEvent =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'tool_call'; readonly call: ToolCall }
  | { readonly type: 'usage'; readonly usage: TokenUsage }
  | { readonly type: 'done'; readonly answer: ModelAnswer };
