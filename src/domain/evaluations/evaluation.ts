import { Conflict, InvalidInput, NotFound } from '../kernel/errors.ts';
import type { JsonObject } from '../kernel/json-document.ts';
import { parseName } from '../kernel/names.ts';
import { PASS_SCORE, type ScorerSpec } from './scorer.ts';
import { textOf } from './scoring-rules.ts';

export const DEFAULT_CONCURRENCY = 4;
export const MAX_CONCURRENCY = 32;
export const EVALUATION_STATUSES = ['running', 'succeeded', 'failed', 'cancelled'] as const;
export type EvaluationStatus = (typeof EVALUATION_STATUSES)[number];

/** What an evaluation runs once per item: a mission (a run workers claim) or a version of an agent. */
export type EvaluationTarget =
  | { readonly missionId: string }
  | { readonly agentId: string; readonly version: number };

export interface Evaluation {
  readonly id: string;
  readonly workspaceId: string;
  readonly datasetId: string;
  readonly name: string;
  readonly target: EvaluationTarget;
  readonly scorers: readonly ScorerSpec[];
  /** At most this many of its runs queued or running at once. */
  readonly concurrency: number;
  readonly status: EvaluationStatus;
  /** The dataset's items when it started (later changes to the dataset do not change it). */
  readonly total: number;
  /** Why it failed (its target went away), else null. */
  readonly error: string | null;
  readonly createdBy: string | null;
  readonly createdAt: Date;
  readonly finishedAt: Date | null;
}

export class EvaluationNotFound extends NotFound {
  constructor() {
    super('evaluation');
  }
}

export class EvaluationFinished extends Conflict {
  constructor(status: EvaluationStatus) {
    super(`the evaluation is already ${status}`);
  }
}

export function newEvaluation(props: {
  id: string;
  workspaceId: string;
  datasetId: string;
  name?: string | undefined;
  target: EvaluationTarget;
  scorers: readonly ScorerSpec[];
  concurrency?: number | undefined;
  /** Set by the store as it copies the dataset's items. */
  total: number;
  createdBy: string | null;
  now: Date;
}): Evaluation {
  const concurrency = props.concurrency ?? DEFAULT_CONCURRENCY;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > MAX_CONCURRENCY)
    throw new InvalidInput(`concurrency must be an integer from 1 to ${MAX_CONCURRENCY}`);
  return {
    id: props.id,
    workspaceId: props.workspaceId,
    datasetId: props.datasetId,
    name: parseName(props.name ?? `evaluation ${props.now.toISOString()}`, 'name', 200),
    target: props.target,
    scorers: props.scorers,
    concurrency,
    status: 'running',
    total: props.total,
    error: null,
    createdBy: props.createdBy,
    createdAt: props.now,
    finishedAt: null,
  };
}

/** A mission run's input for an item: the item's input when it is an object, else `{value: <input>}`. */
export function missionInputOf(input: unknown): JsonObject {
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) return input as JsonObject;
  return { value: input };
}

/** An agent's first message for an item: `input.message`, or the input itself when it is a string. */
export function agentMessageOf(input: unknown): string {
  if (typeof input === 'string') return input;
  if (typeof input === 'object' && input !== null && 'message' in input)
    return textOf((input as { message: unknown }).message);
  return textOf(input);
}

/** What `GET /api/evaluations/{id}` adds to an evaluation: its counts and results, summed by the store. */
export interface EvaluationSummary {
  /** Items whose run finished and that are scored. */
  readonly done: number;
  /** Of those, items whose run did not succeed (they score 0 on every scorer). */
  readonly failed: number;
  readonly scores: Readonly<Record<string, { readonly mean: number; readonly passRate: number }>>;
  readonly latencyMs: { readonly p50: number | null; readonly p95: number | null };
  readonly usage: { readonly inputTokens: number; readonly outputTokens: number };
}

/**
 * Whether the evaluation gates green: it succeeded and every scorer with a `min_mean` reached it (one call
 * gates a CI job).
 */
export function passedOf(evaluation: Evaluation, summary: EvaluationSummary): boolean {
  if (evaluation.status !== 'succeeded') return false;
  return evaluation.scorers.every(
    (scorer) => scorer.minMean === null || (summary.scores[scorer.name]?.mean ?? 0) >= scorer.minMean,
  );
}

/** Whether one score passes (counted in `pass_rate`). */
export const passes = (score: number) => score >= PASS_SCORE;
