import type { Feedback, FeedbackSummary } from '../../../domain/feedback/feedback.ts';
import type { Page, PageRequest } from '../../kernel/ports/page.ts';

/** Which feedback a summary counts: a workspace's, optionally one mission's or one agent's runs, since a time. */
export interface SummaryScope {
  readonly workspaceId: string;
  readonly missionId?: string | undefined;
  readonly agentId?: string | undefined;
  readonly since?: Date | undefined;
}

export interface FeedbackRepository {
  add(feedback: Feedback): Promise<void>;
  /** A run's feedback, oldest first. */
  listForRun(runId: string, page: PageRequest): Promise<Page<Feedback>>;
  /** Counted by the store (never by loading every feedback): `count`, the mean of the scores, labels' counts. */
  summarize(scope: SummaryScope): Promise<FeedbackSummary>;
  /**
   * Records that the link `token` was used (keeping only a digest of it) until `expiresAt`, after which the link
   * is refused as expired anyway; false when it was used already. Atomic: of two uses at once, one gets true.
   */
  useLink(token: string, runId: string, expiresAt: Date): Promise<boolean>;
  /** Forgets the uses of links that expired before `now` (up to `limit`); returns how many. */
  deleteExpiredLinkUses(now: Date, limit: number): Promise<number>;
}
