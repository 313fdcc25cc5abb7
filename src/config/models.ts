import type { Input, Settings } from './settings.ts';

export interface ModelsConfig {
  /** Model providers (CONTRACT section 10): where their calls may go and how long they may take. */
  readonly models: {
    /** Reach providers on loopback and private networks (a local Ollama or vLLM). */
    readonly allowPrivate: boolean;
    /** A model call fails when no answer starts, or its stream pauses, for this long. */
    readonly timeoutMs: number;
    readonly maxRetries: number;
    /** Agent runs (CONTRACT section 10) this instance carries out at once. */
    readonly agentRunnerConcurrency: number;
  };
}

export const modelsSettings: Settings<ModelsConfig> = {
  properties: {
    MODEL_PROVIDERS_ALLOW_PRIVATE: {
      type: 'boolean',
      default: false,
      description:
        "`true` lets model providers' `base_url` reach loopback, private, link-local and metadata addresses (a model served on localhost or the local network: Ollama, vLLM, LM Studio, llama.cpp); otherwise they follow the address rules of outbound webhooks",
    },
    MODEL_PROVIDER_TIMEOUT_MS: {
      type: 'integer',
      minimum: 1000,
      maximum: 3600000,
      default: 120000,
      description:
        'a model call fails with `provider_error` when the provider has not started answering, or its streamed answer pauses, for this long',
    },
    MODEL_PROVIDER_MAX_RETRIES: {
      type: 'integer',
      minimum: 0,
      maximum: 10,
      default: 2,
      description:
        "retries of a model call answered 408, 409, 429 or 5xx, or whose connection failed, before it fails with `provider_error` (with the SDKs' backoff, honouring `retry-after`)",
    },
    AGENT_RUNNER_CONCURRENCY: {
      type: 'integer',
      minimum: 1,
      maximum: 1024,
      default: 64,
      description:
        'agent runs an instance carries out at once (each waits on its model most of the time; a run beyond it waits in `agent_runs` for a free slot, on this instance or another)',
    },
  },
  read: (input: Input): ModelsConfig => ({
    models: {
      allowPrivate: input.MODEL_PROVIDERS_ALLOW_PRIVATE as boolean,
      timeoutMs: input.MODEL_PROVIDER_TIMEOUT_MS as number,
      maxRetries: input.MODEL_PROVIDER_MAX_RETRIES as number,
      agentRunnerConcurrency: input.AGENT_RUNNER_CONCURRENCY as number,
    },
  }),
};
