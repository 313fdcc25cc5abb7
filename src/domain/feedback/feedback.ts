import { InvalidInput, NotFound } from '../kernel/errors.ts';

export const MAX_LABEL_LENGTH = 64;
export const MAX_COMMENT_LENGTH = 4000;
/** CONTRACT section 13: a feedback link lives at most 7 days. */
export const MAX_FEEDBACK_LINK_SECONDS = 7 * 24 * 3600;

/** Who gave it: a member, an API key, or someone without an account through a signed link. */
export type FeedbackSource = 'user' | 'api_key' | 'link';

/** One person's (or machine's) judgement of a run (CONTRACT section 13). */
export interface Feedback {
  readonly id: string;
  readonly runId: string;
  readonly workspaceId: string;
  /** In [0, 1]. */
  readonly score: number | null;
  readonly label: string | null;
  readonly comment: string | null;
  readonly source: FeedbackSource;
  /** The member who gave it (null for a key or a link). */
  readonly createdBy: string | null;
  readonly createdAt: Date;
}

/** What is judged: at least one of a score in [0, 1], a label, a comment. */
export interface Judgement {
  readonly score: number | null;
  readonly label: string | null;
  readonly comment: string | null;
}

export function parseJudgement(input: { score?: unknown; label?: unknown; comment?: unknown }): Judgement {
  const { score = null, label = null, comment = null } = input;
  if (score !== null && (typeof score !== 'number' || !Number.isFinite(score) || score < 0 || score > 1)) {
    throw new InvalidInput('score must be a number from 0 to 1');
  }
  if (
    label !== null &&
    (typeof label !== 'string' || label.trim() === '' || label.length > MAX_LABEL_LENGTH)
  ) {
    throw new InvalidInput(`label must be 1 to ${MAX_LABEL_LENGTH} characters`);
  }
  if (comment !== null && (typeof comment !== 'string' || comment.length > MAX_COMMENT_LENGTH)) {
    throw new InvalidInput(`comment must be at most ${MAX_COMMENT_LENGTH} characters of text`);
  }
  if (score === null && label === null && comment === null) {
    throw new InvalidInput('feedback needs a score, a label or a comment');
  }
  return { score: score as number | null, label: label as string | null, comment: comment as string | null };
}

/** A forged, altered, expired, used or unknown feedback link: all alike, it says nothing about why. */
export class FeedbackLinkNotFound extends NotFound {
  constructor() {
    super('feedback link');
  }
}

/** The feedback summary of a workspace, a mission or an agent (`mean_score` over the feedback with a score). */
export interface FeedbackSummary {
  readonly count: number;
  readonly meanScore: number | null;
  readonly labels: Readonly<Record<string, number>>;
}
