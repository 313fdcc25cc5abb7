import { type DatasetItem, newItems } from '../../domain/evaluations/dataset.ts';
import { InvalidInput } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Run } from '../../domain/runs/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import { accessibleRun, type RunAccessDeps } from '../runs/index.ts';
import { accessibleDataset, type DatasetAccessDeps } from './accessible-dataset.ts';

export interface ItemFromRunInput {
  readonly run_id: string;
  readonly expected?: unknown;
}

export type AddItemFromRun = (
  principal: Principal,
  datasetId: string,
  input: ItemFromRunInput,
) => Promise<DatasetItem>;

/**
 * Admins and owners copy a run of the dataset's workspace into it: the run's input, and its output as
 * `expected` unless one is given. An agent run (a thread's answer) is copied as an agent target reads it:
 * `{message: <the user's message>}`, its answer's text as `expected`.
 */
export function makeAddItemFromRun(
  deps: DatasetAccessDeps & RunAccessDeps & { clock: Clock; ids: IdGenerator },
): AddItemFromRun {
  return async (principal, datasetId, input) => {
    const dataset = await accessibleDataset(deps, principal, datasetId, 'admin');
    const run = await accessibleRun(deps, principal, input.run_id, 'member');
    if (run.workspaceId !== dataset.workspaceId)
      throw new InvalidInput('run_id must name a run of the dataset’s workspace');
    const [item] = newItems(
      [{ input: inputOf(run), expected: input.expected === undefined ? expectedOf(run) : input.expected }],
      { datasetId: dataset.id, newId: () => deps.ids.newId(), now: deps.clock.now() },
      'run',
    );
    await deps.datasets.addItems([item as DatasetItem]);
    return item as DatasetItem;
  };
}

function inputOf(run: Run): unknown {
  if (run.agentId !== null) return { message: run.input?.content ?? '' };
  return run.input ?? {};
}

function expectedOf(run: Run): unknown {
  if (run.agentId !== null) return run.output?.message ?? null;
  return run.output;
}
