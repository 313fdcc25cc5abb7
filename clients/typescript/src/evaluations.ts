import { sleep } from './backoff.ts';
import type { PlatformClientOptions } from './client.ts';
import type { operations } from './generated/schema.ts';
import { ApiError } from './problem.ts';

/** What `POST /api/evaluations` takes: a dataset, a target (a mission or an agent's version) and scorers. */
export type EvaluationRequest = operations['createEvaluation']['requestBody']['content']['application/json'];
/** An evaluation with its summary, as `GET /api/evaluations/{id}` answers. */
export type Evaluation = operations['getEvaluation']['responses'][200]['content']['application/json'];

export interface EvaluateOptions {
  /** How often to look at the evaluation while it runs (default 1,000 ms). */
  readonly pollMs?: number;
  /** Stops waiting (the evaluation goes on: cancel it with `POST /api/evaluations/{id}/cancel`). */
  readonly signal?: AbortSignal;
  /** Told of each look while it runs: `done` of `total`. */
  readonly onProgress?: (evaluation: Evaluation) => void;
}

/**
 * Starts an evaluation and waits until it is finished (`succeeded`, `failed` or `cancelled`); answers its
 * summary, whose `passed` gates a CI step: true when it succeeded and every scorer with `min_mean` reached it.
 */
export async function evaluate(
  options: PlatformClientOptions,
  request: EvaluationRequest,
  { pollMs = 1_000, signal, onProgress }: EvaluateOptions = {},
): Promise<Evaluation> {
  const fetcher = options.fetch ?? ((r: Request) => fetch(r));
  const call = async (method: string, path: string, body?: unknown): Promise<Evaluation> => {
    const response = await fetcher(
      new Request(`${options.baseUrl}${path}`, {
        method,
        headers: {
          authorization: await options.credential.authorization(),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        ...(signal ? { signal } : {}),
      }),
    );
    if (!response.ok) throw await ApiError.from(response);
    return (await response.json()) as Evaluation;
  };
  let evaluation = await call('POST', '/api/evaluations', request);
  while (evaluation.status === 'running') {
    onProgress?.(evaluation);
    await sleep(pollMs, signal);
    evaluation = await call('GET', `/api/evaluations/${evaluation.id}`);
  }
  return evaluation;
}
