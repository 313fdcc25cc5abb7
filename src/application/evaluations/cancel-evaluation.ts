import { EvaluationFinished, EvaluationNotFound } from '../../domain/evaluations/evaluation.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { RunTransitions } from '../runs/index.ts';
import { accessibleEvaluation, type EvaluationAccessDeps } from './accessible-dataset.ts';
import { type EvaluationView, makeGetEvaluation } from './evaluation-reads.ts';

export type CancelEvaluation = (principal: Principal, id: string) => Promise<EvaluationView>;

/**
 * Admins and owners cancel a running evaluation: no item starts any more, and its runs in flight are
 * cancelled (a worker holding one learns it on its next call); items already scored
 * stay in the summary. A finished evaluation is 409.
 */
export function makeCancelEvaluation(
  deps: EvaluationAccessDeps & { unitOfWork: UnitOfWork; runTransitions: RunTransitions; clock: Clock },
): CancelEvaluation {
  const getEvaluation = makeGetEvaluation(deps);
  return async (principal, id) => {
    await accessibleEvaluation(deps, principal, id, 'admin');
    const inFlight = await deps.unitOfWork.transaction(async () => {
      const evaluation = await deps.evaluations.lock(id);
      if (!evaluation) throw new EvaluationNotFound();
      if (evaluation.status !== 'running') throw new EvaluationFinished(evaluation.status);
      await deps.evaluations.finish(id, 'cancelled', null, deps.clock.now());
      return deps.evaluations.runIdsInFlight(id);
    });
    // Each run in its own transaction, as the runs area changes runs (after the evaluation stopped starting any).
    for (const runId of inFlight)
      await deps.runTransitions.change(runId, (run) => {
        if (run.status === 'queued' || run.status === 'running') run.cancel(deps.clock.now());
      });
    return getEvaluation(principal, id);
  };
}
