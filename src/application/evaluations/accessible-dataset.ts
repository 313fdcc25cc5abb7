import { DatasetNotFound } from '../../domain/evaluations/dataset.ts';
import { EvaluationNotFound } from '../../domain/evaluations/evaluation.ts';
import { type AccessDeps, accessibleInWorkspace } from '../workspaces/index.ts';
import type { DatasetRepository } from './ports/dataset-repository.ts';
import type { EvaluationRepository } from './ports/evaluation-repository.ts';

export type DatasetAccessDeps = AccessDeps & { readonly datasets: DatasetRepository };
export type EvaluationAccessDeps = AccessDeps & { readonly evaluations: EvaluationRepository };

/** The dataset when the caller holds `minimum` in its workspace; another workspace's dataset is NotFound. */
export const accessibleDataset = accessibleInWorkspace('dataset', async (deps: DatasetAccessDeps, id) => {
  const dataset = await deps.datasets.findById(id);
  if (!dataset) throw new DatasetNotFound();
  return dataset;
});

/** The evaluation when the caller holds `minimum` in its workspace; another workspace's is NotFound. */
export const accessibleEvaluation = accessibleInWorkspace(
  'evaluation',
  async (deps: EvaluationAccessDeps, id) => {
    const evaluation = await deps.evaluations.findById(id);
    if (!evaluation) throw new EvaluationNotFound();
    return evaluation;
  },
);
