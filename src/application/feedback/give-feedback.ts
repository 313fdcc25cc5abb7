import type { Feedback } from '../../domain/feedback/feedback.ts';
import { parseJudgement } from '../../domain/feedback/feedback.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { Page, PageRequest } from '../kernel/ports/page.ts';
import { accessibleRun, type RunAccessDeps } from '../runs/index.ts';
import type { FeedbackRepository } from './ports/feedback-repository.ts';

export interface FeedbackInput {
  readonly score?: number | undefined;
  readonly label?: string | undefined;
  readonly comment?: string | undefined;
}

export type GiveFeedback = (principal: Principal, runId: string, input: FeedbackInput) => Promise<Feedback>;
export type ListFeedback = (
  principal: Principal,
  runId: string,
  page: PageRequest,
) => Promise<Page<Feedback>>;

type Deps = RunAccessDeps & { readonly feedback: FeedbackRepository };

/** Any member or key of the run's workspace judges it: a score in [0, 1], a label, a comment, at least one. */
export function makeGiveFeedback(
  deps: Deps & { readonly clock: Clock; readonly ids: IdGenerator },
): GiveFeedback {
  return async (principal, runId, input) => {
    const judgement = parseJudgement(input);
    const run = await accessibleRun(deps, principal, runId, 'member');
    const feedback: Feedback = {
      id: deps.ids.newId(),
      runId: run.id,
      workspaceId: run.workspaceId,
      ...judgement,
      source: principal.kind === 'user' ? 'user' : 'api_key',
      createdBy: principal.kind === 'user' ? principal.userId : null,
      createdAt: deps.clock.now(),
    };
    await deps.feedback.add(feedback);
    return feedback;
  };
}

/** A run's feedback, oldest first, for any member or key of its workspace. */
export function makeListFeedback(deps: Deps): ListFeedback {
  return async (principal, runId, page) => {
    const run = await accessibleRun(deps, principal, runId, 'member');
    return deps.feedback.listForRun(run.id, page);
  };
}
