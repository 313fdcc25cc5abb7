import type { FeedbackSummary } from '../../domain/feedback/feedback.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { FeedbackRepository, SummaryScope } from './ports/feedback-repository.ts';

export type SummarizeFeedback = (principal: Principal, scope: SummaryScope) => Promise<FeedbackSummary>;

/**
 * The feedback of a workspace's runs, or of one mission's or one agent's (a mission and an agent of another
 * workspace simply count nothing), since a time: counted by the store.
 */
export function makeSummarizeFeedback(deps: {
  feedback: FeedbackRepository;
  workspaceAccess: WorkspaceAccess;
}): SummarizeFeedback {
  return async (principal, scope) => {
    await deps.workspaceAccess(principal, scope.workspaceId, 'member');
    return deps.feedback.summarize(scope);
  };
}
