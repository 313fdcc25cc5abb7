import type {
  ChatRequest,
  EmbeddingRequest,
  ModelProvider,
  ModelProviders,
} from '../../../application/models/ports/model-provider.ts';
import type { ChatEvent } from '../../../domain/models/chat.ts';
import { ProviderError } from '../../../domain/models/model-errors.ts';
import type { ProviderAccount } from '../../../domain/models/provider-account.ts';
import type { SdkProviderOptions } from './provider-calls.ts';

export interface SdkModelProvidersOptions {
  /** MODEL_PROVIDERS_ALLOW_PRIVATE: a model on loopback or a private network (Ollama, vLLM on the LAN). */
  readonly allowPrivate: boolean;
  readonly timeoutMs: number;
  readonly maxRetries: number;
}

/**
 * The model client of each provider account, by its kind, over the official SDKs. Every client shares one
 * guarded connection pool: connections go only where the outbound address policy allows. The SDKs and the
 * pool are loaded on the first model call, not at start (they add about a sixth to the server's start-up).
 */
export function sdkModelProviders(options: SdkModelProvidersOptions): ModelProviders {
  let guarded: Promise<typeof fetch> | undefined;
  const fetchOnce = () => {
    guarded ??= import('../../platform/net/guarded-fetch.ts').then(({ guardedFetch }) =>
      guardedFetch({ allowPrivate: options.allowPrivate }),
    );
    return guarded;
  };
  return (account: ProviderAccount): ModelProvider => {
    const load = async (): Promise<ModelProvider> => {
      if (account.apiKey === null) {
        throw new ProviderError(
          null,
          `the model provider ${account.id} has no API key (a workspace import made it): set one with PATCH /api/model-providers/${account.id}`,
        );
      }
      const settings: SdkProviderOptions = {
        baseUrl: account.endpoint,
        apiKey: account.apiKey,
        fetch: await fetchOnce(),
        timeoutMs: options.timeoutMs,
        maxRetries: options.maxRetries,
      };
      if (account.kind === 'openai') {
        const { OpenAiModelProvider } = await import('./openai-model-provider.ts');
        return new OpenAiModelProvider(settings);
      }
      const { AnthropicModelProvider } = await import('./anthropic-model-provider.ts');
      return new AnthropicModelProvider(settings);
    };
    return lazily(load, account.kind === 'openai');
  };
}

/** A ModelProvider that builds the real one on its first call. */
function lazily(load: () => Promise<ModelProvider>, embeds: boolean): ModelProvider {
  let provider: Promise<ModelProvider> | undefined;
  const real = () => {
    provider ??= load();
    return provider;
  };
  return {
    async *chat(request: ChatRequest): AsyncGenerator<ChatEvent> {
      yield* (await real()).chat(request);
    },
    ...(embeds && {
      embed: async (request: EmbeddingRequest) => {
        const { embed } = await real();
        if (!embed) throw new Error('this provider offers no embeddings');
        return embed(request);
      },
    }),
  };
}
