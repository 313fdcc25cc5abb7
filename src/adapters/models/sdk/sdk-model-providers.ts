import type { ModelProvider, ModelProviders } from '../../../application/models/ports/model-provider.ts';
import type { ProviderAccount } from '../../../domain/models/provider-account.ts';
import { guardedFetch } from '../../platform/net/guarded-fetch.ts';
import { AnthropicModelProvider } from './anthropic-model-provider.ts';
import { OpenAiModelProvider } from './openai-model-provider.ts';

export interface SdkModelProvidersOptions {
  /** MODEL_PROVIDERS_ALLOW_PRIVATE: a model on loopback or a private network (Ollama, vLLM on the LAN). */
  readonly allowPrivate: boolean;
  readonly timeoutMs: number;
  readonly maxRetries: number;
}

/**
 * The model client of each provider account, by its kind, over the official SDKs. Every client shares one
 * guarded connection pool: connections go only where the outbound address policy allows.
 */
export function sdkModelProviders(options: SdkModelProvidersOptions): ModelProviders {
  const fetch = guardedFetch({ allowPrivate: options.allowPrivate });
  return (account: ProviderAccount): ModelProvider => {
    const settings = {
      baseUrl: account.endpoint,
      apiKey: account.apiKey,
      fetch,
      timeoutMs: options.timeoutMs,
      maxRetries: options.maxRetries,
    };
    return account.kind === 'openai'
      ? new OpenAiModelProvider(settings)
      : new AnthropicModelProvider(settings);
  };
}
