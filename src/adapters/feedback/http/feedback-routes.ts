import type { FeedbackInput } from '../../../application/feedback/give-feedback.ts';
import type { ThroughFeedback } from '../../../composition/feedback.ts';
import type { Feedback } from '../../../domain/feedback/feedback.ts';
import { idParams, page } from '../../platform/http/common-schemas.ts';
import { pageRequestOf, presentPage } from '../../platform/http/pagination.ts';
import { clientIpOf } from '../../platform/http/request-state.ts';
import { created, ok } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes, publicRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import {
  feedback,
  feedbackLink,
  feedbackLinkParams,
  feedbackLinkRequest,
  feedbackListQuery,
  feedbackRequest,
  feedbackSummary,
  summaryQuery,
} from './feedback-schemas.ts';

function presentFeedback(f: Feedback) {
  return {
    id: f.id,
    run_id: f.runId,
    score: f.score,
    label: f.label,
    comment: f.comment,
    source: f.source,
    created_by: f.createdBy,
    created_at: f.createdAt.toISOString(),
  };
}

/** `/api/feedback/links/<token>`: where a feedback link takes its one answer. */
export const feedbackLinkPath = (token: string) => `/api/feedback/links/${token}`;

/** Feedback on runs, its summaries, and links for people without an account (CONTRACT section 13). */
export function feedbackRoutes(deps: ThroughFeedback): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.missions);
  const open = publicRoutes(TAGS.missions);
  return [
    bearer.post('/api/runs/{id}/feedback', {
      operationId: 'giveFeedback',
      summary: 'Judge a run',
      description:
        "Any member or key of the run's workspace: a score in [0, 1], a label, a comment (at least one).",
      params: idParams,
      body: feedbackRequest,
      responses: { 201: { description: 'The feedback.', schema: feedback } },
      handler: async (ctx, { principal, params, body }) =>
        created(ctx, presentFeedback(await deps.giveFeedback(principal, params.id, body as FeedbackInput))),
    }),
    bearer.get('/api/runs/{id}/feedback', {
      operationId: 'listFeedback',
      summary: "A run's feedback",
      description: 'Oldest first.',
      params: idParams,
      query: feedbackListQuery,
      responses: { 200: { description: 'One page of feedback.', schema: page(feedback) } },
      handler: async (ctx, { principal, params, query }) =>
        ok(
          ctx,
          presentPage(await deps.listFeedback(principal, params.id, pageRequestOf(query)), presentFeedback),
        ),
    }),
    bearer.get('/api/feedback/summary', {
      operationId: 'summarizeFeedback',
      summary: 'Feedback summed up',
      description:
        "The feedback of a workspace's runs, or of one mission's or one agent's, since a time: `count` (every " +
        'feedback), `mean_score` (of those with a score), `labels` (how many carry each). Counted in SQL.',
      query: summaryQuery,
      errors: [404],
      responses: { 200: { description: 'The summary.', schema: feedbackSummary } },
      handler: async (ctx, { principal, query }) => {
        const summary = await deps.summarizeFeedback(principal, {
          workspaceId: query.workspace_id as string,
          missionId: query.mission_id as string | undefined,
          agentId: query.agent_id as string | undefined,
          since: query.since === undefined ? undefined : new Date(query.since as string),
        });
        ok(ctx, { count: summary.count, mean_score: summary.meanScore, labels: summary.labels });
      },
    }),
    bearer.post('/api/runs/{id}/feedback-links', {
      operationId: 'createFeedbackLink',
      summary: 'A feedback link',
      description:
        'A URL under `/api/feedback/links/` to which someone without an account POSTs `{score?, label?, ' +
        'comment?}` once, until `expires_at` (at most 7 days).',
      params: idParams,
      body: feedbackLinkRequest,
      responses: { 201: { description: 'The link.', schema: feedbackLink } },
      handler: async (ctx, { principal, params, body }) => {
        const { expires_in_seconds } = body as { expires_in_seconds: number };
        const link = await deps.createFeedbackLink(principal, params.id, expires_in_seconds);
        created(ctx, {
          url: `${deps.fileLinkBaseUrl}${feedbackLinkPath(link.token)}`,
          expires_at: link.expiresAt.toISOString(),
        });
      },
    }),
    open.post('/api/feedback/links/{link}', {
      operationId: 'giveLinkedFeedback',
      summary: 'Judge a run through a feedback link',
      description:
        'No credentials: the token is the credential. Accepted once; a forged, altered, expired or used link, ' +
        "and a deleted run's, answer 404. Rate-limited per client address (429 with `Retry-After`).",
      params: feedbackLinkParams,
      body: feedbackRequest,
      responses: { 201: { description: 'The feedback.', schema: feedback } },
      handler: async (ctx, { params, body }) =>
        created(
          ctx,
          presentFeedback(await deps.giveLinkedFeedback(params.link, body as FeedbackInput, clientIpOf(ctx))),
        ),
    }),
  ];
}
