import type { Evaluation, EvaluationSummary } from '../../domain/evaluations/evaluation.ts';
import type { EvaluationItem } from '../../domain/evaluations/evaluation-item.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Page, PageRequest } from '../kernel/ports/page.ts';
import { type WorkspaceList, workspaceList } from '../workspaces/index.ts';
import { accessibleEvaluation, type EvaluationAccessDeps } from './accessible-dataset.ts';
import type { ScoreChange } from './ports/evaluation-repository.ts';

/** How many items `compare` lists as fell, and as rose (the largest changes). */
export const MAX_COMPARED_CHANGES = 1_000;

export interface EvaluationView {
  readonly evaluation: Evaluation;
  readonly summary: EvaluationSummary;
}

export interface Comparison {
  readonly base: EvaluationView;
  readonly head: EvaluationView;
  readonly fell: ScoreChange[];
  readonly rose: ScoreChange[];
}

export type ListEvaluations = WorkspaceList<EvaluationView>;
export type GetEvaluation = (principal: Principal, id: string) => Promise<EvaluationView>;
export type ListEvaluationResults = (
  principal: Principal,
  id: string,
  page: PageRequest,
) => Promise<Page<EvaluationItem>>;
export type CompareEvaluations = (
  principal: Principal,
  baseId: string,
  headId: string,
) => Promise<Comparison>;

/** Members page through their workspace's evaluations, newest first, each with its summary. */
export const makeListEvaluations = workspaceList(
  'member',
  async (deps: { readonly evaluations: EvaluationAccessDeps['evaluations'] }, workspaceId, page) => {
    const found = await deps.evaluations.listForWorkspace(workspaceId, page);
    const items: EvaluationView[] = [];
    for (const evaluation of found.items)
      items.push({ evaluation, summary: await deps.evaluations.summary(evaluation) });
    return { items, next: found.next };
  },
);

/** Members read an evaluation with its summary (computed by the store, not from every result). */
export function makeGetEvaluation(deps: EvaluationAccessDeps): GetEvaluation {
  return async (principal, id) => {
    const evaluation = await accessibleEvaluation(deps, principal, id, 'member');
    return { evaluation, summary: await deps.evaluations.summary(evaluation) };
  };
}

/** Members page through an evaluation's per-item results, in dataset order. */
export function makeListEvaluationResults(deps: EvaluationAccessDeps): ListEvaluationResults {
  return async (principal, id, page) => {
    const evaluation = await accessibleEvaluation(deps, principal, id, 'member');
    return deps.evaluations.listItems(evaluation.id, page);
  };
}

/** Members compare two evaluations (of any datasets of workspaces they belong to), items matched by id. */
export function makeCompareEvaluations(deps: EvaluationAccessDeps): CompareEvaluations {
  return async (principal, baseId, headId) => {
    const base = await accessibleEvaluation(deps, principal, baseId, 'member');
    const head = await accessibleEvaluation(deps, principal, headId, 'member');
    const changes = await deps.evaluations.compare(base.id, head.id, MAX_COMPARED_CHANGES);
    return {
      base: { evaluation: base, summary: await deps.evaluations.summary(base) },
      head: { evaluation: head, summary: await deps.evaluations.summary(head) },
      ...changes,
    };
  };
}
