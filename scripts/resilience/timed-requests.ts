// Requests recorded with their timing and outcome, for scripts that judge answers by when they were in flight.
import type { Answer } from './api.ts';
import { count } from './figures.ts';

export interface Sample<Op extends string = string> {
  readonly op: Op;
  /** performance.now() when sent and when answered (or given up). */
  readonly start: number;
  readonly end: number;
  /** HTTP status, `hang` past the time limit, or the network error's code. */
  readonly status: number | string;
  readonly retryAfter: boolean;
  readonly problem: boolean;
}

export class TimedRequests<Op extends string> {
  readonly samples: Sample<Op>[] = [];
  readonly #hangMs: number;

  /** A request not answered within `hangMs` is given up and recorded as `hang`. */
  constructor(hangMs: number) {
    this.#hangMs = hangMs;
  }

  /** Sends through `send` (which must honour the signal), records the outcome, and returns the answer if any. */
  async send(op: Op, send: (signal: AbortSignal) => Promise<Answer>): Promise<Answer | undefined> {
    const start = performance.now();
    let status: number | string;
    let answer: Answer | undefined;
    try {
      answer = await send(AbortSignal.timeout(this.#hangMs));
      status = answer.status;
    } catch (error) {
      const name = (error as Error).name;
      status =
        name === 'TimeoutError' ? 'hang' : ((error as { cause?: { code?: string } }).cause?.code ?? name);
    }
    this.samples.push({
      op,
      start,
      end: performance.now(),
      status,
      retryAfter: /^\d+$/.test(answer?.headers.get('retry-after') ?? ''),
      problem: answer?.headers.get('content-type')?.startsWith('application/problem+json') ?? false,
    });
    return answer;
  }
}

/** Samples counted by status. */
export function statuses(list: readonly Sample[]): Map<number | string, number> {
  const counts = new Map<number | string, number>();
  for (const s of list) count(counts, s.status);
  return counts;
}

/** A sample's status is a 2xx. */
export const succeeded = (s: Sample) => typeof s.status === 'number' && s.status < 300;
