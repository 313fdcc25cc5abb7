import type { ChatEvent, ChatMessage, ToolSpec } from '../../../domain/models/chat.ts';
import type { ProviderAccount } from '../../../domain/models/provider-account.ts';

export interface ChatRequest {
  readonly model: string;
  /** The system prompt (an agent's instructions). */
  readonly instructions?: string | undefined;
  /** The conversation, oldest first. */
  readonly messages: readonly ChatMessage[];
  readonly tools?: readonly ToolSpec[] | undefined;
  readonly temperature?: number | undefined;
  readonly maxOutputTokens?: number | undefined;
  /** Aborting it closes the connection to the provider and ends the stream (the iterator throws). */
  readonly signal?: AbortSignal | undefined;
}

export interface EmbeddingRequest {
  readonly model: string;
  readonly inputs: readonly string[];
  readonly signal?: AbortSignal | undefined;
}

export interface Embeddings {
  /** One vector per input, in input order. */
  readonly vectors: readonly (readonly number[])[];
  readonly inputTokens: number | null;
}

/**
 * A model behind one provider account. Adapters must: stream (`chat` yields as the provider sends); send the
 * key only in the provider's authentication header; connect only where the outbound address policy allows;
 * fail a call with no answer, or with a pause in its stream, longer than their timeout; and throw
 * `ProviderError` (the provider's status and message, the key scrubbed) for every failure except an abort by
 * the caller's signal, which rethrows the signal's reason.
 */
export interface ModelProvider {
  /**
   * The model's answer to the conversation, streamed (see `ChatEvent`); the provider is asked to count usage.
   * Stopping early (`break`, or aborting the signal) closes the request. An agent run writes the `text` pieces
   * to its events as they come and stores the `done` answer before acting on its tool calls.
   */
  chat(request: ChatRequest): AsyncIterable<ChatEvent>;
  /** Embeddings of the inputs; absent on kinds that offer none (`anthropic`). */
  readonly embed?: (request: EmbeddingRequest) => Promise<Embeddings>;
}

/** The model client of a stored provider account (its kind, address and key). */
export type ModelProviders = (account: ProviderAccount) => ModelProvider;
