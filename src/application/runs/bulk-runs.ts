import { Conflict, DomainError, InvalidInput } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Run } from '../../domain/runs/run.ts';
import type { PageRequest } from '../kernel/ports/page.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { CancelRun } from './cancel-run.ts';
import type { RunReplay } from './ports/run-replay.ts';
import type { RunFilter, RunRepository } from './ports/run-repository.ts';

/** The most runs one bulk request acts on. */
export const MAX_BULK_RUNS = 500;
/** How many of a bulk request's runs are acted on at once (as that many API clients would). */
export const BULK_RUNS_AT_ONCE = 16;

export type BulkRunAction = 'cancel' | 'replay';

/** The runs a filter selects: top-level runs of one workspace, as `GET /api/runs` lists them. */
export type BulkRunFilter = Omit<RunFilter, 'parentRunId'>;

export type BulkRunsInput =
  | { readonly action: BulkRunAction; readonly ids: readonly string[] }
  | { readonly action: BulkRunAction; readonly filter: BulkRunFilter };

/** One run's outcome: the changed (cancel) or new (replay) run, or the error the single action gives. */
export type BulkRunResult =
  | { readonly id: string; readonly run: Run }
  | { readonly id: string; readonly error: DomainError };

export type BulkRuns = (principal: Principal, input: BulkRunsInput) => Promise<BulkRunResult[]>;

/**
 * Cancels or replays many runs, each through the same use case as its single route (so each is checked,
 * changed and told as one would be), BULK_RUNS_AT_ONCE at a time, as that many clients calling the single
 * route would (concurrent transitions are grouped and locked in id order by RunTransitions); each in its own
 * `eachRun` scope (the HTTP adapter's database wait budget of one request). A run the action refuses has its
 * error as its result and the others go on. Results are in the order of the ids. A filter needs admin in its workspace
 * first (member 403, outsider 404) and selects its runs newest first; more than 500 is 409, nothing changed.
 */
export function makeBulkRuns(deps: {
  runs: RunRepository;
  workspaceAccess: WorkspaceAccess;
  cancelRun: CancelRun;
  replayRun: RunReplay;
  /** Runs one run's action in a scope of its own (default: as is). */
  eachRun?: <T>(work: () => Promise<T>) => Promise<T>;
}): BulkRuns {
  const scoped = deps.eachRun ?? ((work) => work());
  return async (principal, input) => {
    const ids = 'ids' in input ? input.ids : await selected(principal, input.filter);
    if (ids.length > MAX_BULK_RUNS) throw new InvalidInput(`at most ${MAX_BULK_RUNS} runs at once`);
    const act = input.action === 'cancel' ? deps.cancelRun : deps.replayRun;
    const results = new Array<BulkRunResult>(ids.length);
    let next = 0;
    const worker = async () => {
      while (next < ids.length) {
        const index = next++;
        const id = ids[index] as string;
        try {
          results[index] = { id, run: await scoped(() => act(principal, id)) };
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          results[index] = { id, error };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(BULK_RUNS_AT_ONCE, ids.length) }, worker));
    return results;
  };

  async function selected(principal: Principal, filter: BulkRunFilter): Promise<string[]> {
    await deps.workspaceAccess(principal, filter.workspaceId, 'admin');
    const ids: string[] = [];
    let page: PageRequest = { limit: 200 };
    for (;;) {
      const { items, next } = await deps.runs.list(filter, page);
      ids.push(...items.map((run) => run.id));
      if (ids.length > MAX_BULK_RUNS) {
        throw new Conflict(
          `the filter selects more than ${MAX_BULK_RUNS} runs: narrow it (status, mission, time) or send ids`,
        );
      }
      if (!next) return ids;
      page = { limit: 200, after: next };
    }
  }
}
