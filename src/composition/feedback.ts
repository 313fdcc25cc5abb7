import { HmacFeedbackLinkSigner } from '../adapters/feedback/crypto/hmac-feedback-link-signer.ts';
import { feedbackRoutes } from '../adapters/feedback/http/feedback-routes.ts';
import { InMemoryFeedbackRepository } from '../adapters/feedback/memory/in-memory-feedback-repository.ts';
import { PostgresFeedbackRepository } from '../adapters/feedback/postgres/postgres-feedback-repository.ts';
import { PeriodicJob } from '../adapters/platform/system/periodic-job.ts';
import { FlexibleRateLimiter } from '../adapters/platform/throttling/flexible-rate-limiter.ts';
import {
  type CreateFeedbackLink,
  type GiveLinkedFeedback,
  makeCreateFeedbackLink,
  makeGiveLinkedFeedback,
} from '../application/feedback/feedback-links.ts';
import {
  type GiveFeedback,
  type ListFeedback,
  makeGiveFeedback,
  makeListFeedback,
} from '../application/feedback/give-feedback.ts';
import type { FeedbackLinkSigner } from '../application/feedback/ports/feedback-link-signer.ts';
import type { FeedbackRepository } from '../application/feedback/ports/feedback-repository.ts';
import { makeSummarizeFeedback, type SummarizeFeedback } from '../application/feedback/summarize-feedback.ts';
import {
  makeSweepUsedFeedbackLinks,
  type SweepUsedFeedbackLinks,
} from '../application/feedback/sweep-used-links.ts';
import type { RateLimiter } from '../application/kernel/ports/rate-limiter.ts';
import type { Area } from './area.ts';
import type { ThroughMemory } from './memory.ts';
import { adaptersFor } from './persistence.ts';
import { registrar } from './registration.ts';

/** How often each instance forgets the uses of expired links. */
const SWEEP_INTERVAL_MS = 3_600_000;

/** Feedback on runs, its summaries and feedback links (CONTRACT section 13). */
export interface FeedbackCradle {
  feedback: FeedbackRepository;
  feedbackLinkSigner: FeedbackLinkSigner;
  feedbackLinkLimiter: RateLimiter;
  giveFeedback: GiveFeedback;
  listFeedback: ListFeedback;
  summarizeFeedback: SummarizeFeedback;
  createFeedbackLink: CreateFeedbackLink;
  giveLinkedFeedback: GiveLinkedFeedback;
  sweepUsedFeedbackLinks: SweepUsedFeedbackLinks;
  feedbackLinkSweepJob: PeriodicJob<void>;
}

export type ThroughFeedback = ThroughMemory & FeedbackCradle;

const { singleton } = registrar<ThroughFeedback>();
const { stored } = adaptersFor<ThroughFeedback>();

export const feedback: Area<FeedbackCradle, ThroughFeedback> = {
  name: 'feedback',
  register: ({ config, persistence }) => ({
    feedback: singleton(
      stored(persistence, {
        postgres: ({ db }) => new PostgresFeedbackRepository({ db }),
        memory: (store) => new InMemoryFeedbackRepository({ store }),
      }),
    ),
    feedbackLinkSigner: singleton(({ masterKey }) => new HmacFeedbackLinkSigner({ masterKey })),
    feedbackLinkLimiter: singleton(
      ({ rateLimiterFactory }) =>
        new FlexibleRateLimiter(rateLimiterFactory, {
          keyPrefix: 'feedback-link',
          points: config.feedbackLinkRateLimit,
          duration: 60,
        }),
    ),
    giveFeedback: singleton(makeGiveFeedback),
    listFeedback: singleton(makeListFeedback),
    summarizeFeedback: singleton(makeSummarizeFeedback),
    createFeedbackLink: singleton(makeCreateFeedbackLink),
    giveLinkedFeedback: singleton(makeGiveLinkedFeedback),
    sweepUsedFeedbackLinks: singleton(makeSweepUsedFeedbackLinks),
    feedbackLinkSweepJob: singleton(
      ({ sweepUsedFeedbackLinks, logger }) =>
        new PeriodicJob(
          async () => {
            try {
              await sweepUsedFeedbackLinks();
            } catch (error) {
              logger.warn({ err: error }, 'feedback link sweep failed; retrying at the next interval');
            }
          },
          SWEEP_INTERVAL_MS,
          'feedback-link-sweeper',
        ),
      (job) => job.stop(),
    ),
  }),
  routes: feedbackRoutes,
  jobs: ({ feedbackLinkSweepJob }) => [
    {
      start: () => feedbackLinkSweepJob.start({ runNow: true }),
      health: () => feedbackLinkSweepJob.health(),
    },
  ],
};
