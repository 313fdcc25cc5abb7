import {
  type Feedback,
  FeedbackLinkNotFound,
  MAX_FEEDBACK_LINK_SECONDS,
  parseJudgement,
} from '../../domain/feedback/feedback.ts';
import { InvalidInput } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { RateLimiter } from '../kernel/ports/rate-limiter.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import { accessibleRun, type RunAccessDeps, type RunRepository } from '../runs/index.ts';
import type { FeedbackInput } from './give-feedback.ts';
import type { FeedbackLinkSigner } from './ports/feedback-link-signer.ts';
import type { FeedbackRepository } from './ports/feedback-repository.ts';

export type CreateFeedbackLink = (
  principal: Principal,
  runId: string,
  expiresInSeconds: number,
) => Promise<{ token: string; expiresAt: Date }>;

export type GiveLinkedFeedback = (token: string, input: FeedbackInput, clientIp: string) => Promise<Feedback>;

/** Any member or key of the run's workspace hands out a link through which someone without an account judges it. */
export function makeCreateFeedbackLink(
  deps: RunAccessDeps & { feedbackLinkSigner: FeedbackLinkSigner; clock: Clock },
): CreateFeedbackLink {
  return async (principal, runId, expiresInSeconds) => {
    if (
      !Number.isInteger(expiresInSeconds) ||
      expiresInSeconds < 1 ||
      expiresInSeconds > MAX_FEEDBACK_LINK_SECONDS
    ) {
      throw new InvalidInput(`a link expires within 1 to ${MAX_FEEDBACK_LINK_SECONDS} seconds`);
    }
    const run = await accessibleRun(deps, principal, runId, 'member');
    // Whole seconds: the token carries the expiry in seconds, and answers it exactly.
    const expiresAt = new Date((Math.floor(deps.clock.now().getTime() / 1000) + expiresInSeconds) * 1000);
    return { token: deps.feedbackLinkSigner.sign({ runId: run.id, expiresAt }), expiresAt };
  };
}

/**
 * Feedback through a link, without credentials: the caller's address is rate-limited first (so guessing tokens
 * is slow), then the token must be this service's, unexpired, for a run that still exists, and unused: its use
 * is recorded with the feedback in one transaction, so a replay (even at the same moment) is refused. Every
 * refusal but the rate limit is the same NotFound.
 */
export function makeGiveLinkedFeedback(deps: {
  feedback: FeedbackRepository;
  feedbackLinkSigner: FeedbackLinkSigner;
  feedbackLinkLimiter: RateLimiter;
  runs: RunRepository;
  unitOfWork: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
}): GiveLinkedFeedback {
  return async (token, input, clientIp) => {
    await deps.feedbackLinkLimiter.consume(clientIp);
    const grant = deps.feedbackLinkSigner.verify(token);
    const now = deps.clock.now();
    if (!grant || grant.expiresAt.getTime() <= now.getTime()) throw new FeedbackLinkNotFound();
    const judgement = parseJudgement(input);
    const run = await deps.runs.findById(grant.runId);
    if (!run) throw new FeedbackLinkNotFound();
    const feedback: Feedback = {
      id: deps.ids.newId(),
      runId: run.id,
      workspaceId: run.workspaceId,
      ...judgement,
      source: 'link',
      createdBy: null,
      createdAt: now,
    };
    await deps.unitOfWork.transaction(async () => {
      if (!(await deps.feedback.useLink(token, run.id, grant.expiresAt))) throw new FeedbackLinkNotFound();
      await deps.feedback.add(feedback);
    });
    return feedback;
  };
}
