import type { Clock } from '../kernel/ports/clock.ts';
import type { FeedbackRepository } from './ports/feedback-repository.ts';

const BATCH = 500;

export type SweepUsedFeedbackLinks = () => Promise<number>;

/** Forgets the uses of expired feedback links (an expired link is refused anyway); safe on every instance. */
export function makeSweepUsedFeedbackLinks(deps: {
  feedback: FeedbackRepository;
  clock: Clock;
}): SweepUsedFeedbackLinks {
  return async () => {
    let swept = 0;
    for (;;) {
      const deleted = await deps.feedback.deleteExpiredLinkUses(deps.clock.now(), BATCH);
      swept += deleted;
      if (deleted < BATCH) return swept;
    }
  };
}
