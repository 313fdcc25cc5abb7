import type { StepFailure } from './step.ts';

/** A child run of a `map` step as the engine reads it: its status, output and error. */
export interface MapChild {
  readonly status: string;
  readonly output: unknown;
  readonly error: { readonly code?: string | undefined; readonly message?: string | undefined } | null;
}

/** What a `map` step over `task` nodes comes to, given its children so far (CONTRACT section 9). */
export type MapProgress =
  /** Every element's child succeeded: the outputs in element order. */
  | { readonly type: 'succeeded'; readonly output: unknown[] }
  /** A child failed or was cancelled: the step fails with its error; the unfinished ones are to be cancelled. */
  | { readonly type: 'failed'; readonly error: StepFailure; readonly unfinished: string[] }
  /** Still going: the elements whose child runs are to be created now (none while the cap is reached). */
  | { readonly type: 'running'; readonly start: number[] };

const FINISHED = ['succeeded', 'failed', 'cancelled'];

/**
 * The domain rule of a map step's children: at most `concurrency` unfinished at a time, created in element
 * order; the first failure (lowest index) fails the step; once every element succeeded, the output is their
 * outputs in element order. `children[i]` is element i's child run id (null: not created yet); `found` reads
 * the created ones (a child not found counts as unfinished).
 */
export function mapProgress(
  children: readonly (string | null)[],
  found: ReadonlyMap<string, MapChild>,
  concurrency: number,
): MapProgress {
  const unfinished: string[] = [];
  let failure: { index: number; child: MapChild } | undefined;
  children.forEach((id, index) => {
    if (id === null) return;
    const child = found.get(id);
    if (child === undefined || !FINISHED.includes(child.status)) unfinished.push(id);
    else if (child.status !== 'succeeded' && failure === undefined) failure = { index, child };
  });
  if (failure !== undefined) {
    const { index, child } = failure;
    const code = child.error?.code ?? (child.status === 'cancelled' ? 'cancelled' : 'child_failed');
    const message = child.error?.message ?? `the child run was ${child.status}`;
    return { type: 'failed', error: { code, message: `element ${index}: ${message}` }, unfinished };
  }
  const missing = children.flatMap((id, index) => (id === null ? [index] : []));
  if (missing.length === 0 && unfinished.length === 0) {
    return { type: 'succeeded', output: children.map((id) => found.get(id as string)?.output ?? null) };
  }
  const room = Math.max(0, Math.max(1, concurrency) - unfinished.length);
  return { type: 'running', start: missing.slice(0, room) };
}
