import type { Metrics } from '../../../application/kernel/ports/metrics.ts';
import type {
  ChatRequest,
  EmbeddingRequest,
  ModelProvider,
  ModelProviders,
} from '../../../application/models/ports/model-provider.ts';
import type { ChatEvent, TokenUsage } from '../../../domain/models/chat.ts';
import type { ProviderAccount } from '../../../domain/models/provider-account.ts';
import { outcomeOf } from '../../platform/metrics/outcomes.ts';

/** Model call durations, in seconds: a streamed answer may take minutes. */
const CALL_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

/**
 * The model clients, each call counted and timed by provider kind (`openai`, `anthropic`), operation (`chat`,
 * `embed`) and outcome (`ok`, `provider_error`, `aborted` when the caller's signal stopped it or the caller
 * stopped reading, else `error`), and the tokens the provider counted by kind and direction (`input`,
 * `output`). Never the model's name, the account or the workspace: those are the workspaces' own, unbounded.
 */
export function countedModelProviders(inner: ModelProviders, metrics: Metrics): ModelProviders {
  const calls = metrics.counter({
    name: 'model_calls_total',
    help: 'Calls to model providers, by provider kind, operation and outcome',
    labelNames: ['provider', 'operation', 'outcome'],
  });
  const durations = metrics.histogram({
    name: 'model_call_duration_seconds',
    help: 'Time a model call took, from the request to the end of its streamed answer',
    labelNames: ['provider', 'operation', 'outcome'],
    buckets: CALL_BUCKETS,
  });
  const tokens = metrics.counter({
    name: 'model_tokens_total',
    help: 'Tokens the model providers counted, by provider kind and direction (input, output)',
    labelNames: ['provider', 'direction'],
  });
  return (account: ProviderAccount): ModelProvider => {
    const model = inner(account);
    const provider = account.kind;
    const record = (operation: string, outcome: string, started: number) => {
      calls.inc({ provider, operation, outcome });
      durations.observe({ provider, operation, outcome }, (performance.now() - started) / 1000);
    };
    const counted: ModelProvider = {
      async *chat(request: ChatRequest): AsyncGenerator<ChatEvent> {
        const started = performance.now();
        let outcome = 'aborted';
        let usage: TokenUsage | null = null;
        try {
          for await (const event of model.chat(request)) {
            if (event.type === 'usage') usage = event.usage;
            else if (event.type === 'done') usage = event.answer.usage ?? usage;
            yield event;
          }
          outcome = 'ok';
        } catch (error) {
          outcome = request.signal?.aborted ? 'aborted' : outcomeOf(error);
          throw error;
        } finally {
          // A caller that stops reading early (`break`) lands here with the outcome still `aborted`.
          record('chat', outcome, started);
          if (usage) {
            tokens.inc({ provider, direction: 'input' }, usage.inputTokens);
            tokens.inc({ provider, direction: 'output' }, usage.outputTokens);
          }
        }
      },
    };
    const embed = model.embed;
    if (!embed) return counted;
    return {
      ...counted,
      embed: async (request: EmbeddingRequest) => {
        const started = performance.now();
        try {
          const embeddings = await embed(request);
          record('embed', 'ok', started);
          if (embeddings.inputTokens !== null) {
            tokens.inc({ provider, direction: 'input' }, embeddings.inputTokens);
          }
          return embeddings;
        } catch (error) {
          record('embed', request.signal?.aborted ? 'aborted' : outcomeOf(error), started);
          throw error;
        }
      },
    };
  };
}
