import {
  MAX_COMMENT_LENGTH,
  MAX_FEEDBACK_LINK_SECONDS,
  MAX_LABEL_LENGTH,
} from '../../../domain/feedback/feedback.ts';
import {
  closedObject,
  LINE,
  signedLinkParams,
  TEXT,
  timestamp,
  uuid,
} from '../../platform/http/common-schemas.ts';
import { pageQueryProperties } from '../../platform/http/pagination.ts';
import type { JsonSchema } from '../../platform/http/route.ts';

const score: JsonSchema = { type: 'number', minimum: 0, maximum: 1, description: 'In [0, 1]: 1 is best.' };
const label: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: MAX_LABEL_LENGTH,
  pattern: LINE,
  description: 'A short tag (`helpful`, `wrong`); the summary counts each.',
};
const comment: JsonSchema = { type: 'string', maxLength: MAX_COMMENT_LENGTH, pattern: TEXT };

const counter: JsonSchema = { type: 'integer', format: 'int64', maximum: Number.MAX_SAFE_INTEGER };

/** `{score?, label?, comment?}`, at least one. */
export const feedbackRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { score, label, comment },
};

export const feedback: JsonSchema = closedObject({
  id: uuid,
  run_id: uuid,
  score: { ...score, type: ['number', 'null'] },
  label: { ...label, type: ['string', 'null'] },
  comment: { ...comment, type: ['string', 'null'] },
  source: {
    type: 'string',
    enum: ['user', 'api_key', 'link'],
    description: 'A member, an API key, or someone without an account through a feedback link.',
  },
  created_by: { ...uuid, type: ['string', 'null'], description: 'The member; null for a key or a link.' },
  created_at: timestamp,
});

export const feedbackListQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { ...pageQueryProperties },
};

export const summaryQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['workspace_id'],
  properties: {
    workspace_id: uuid,
    mission_id: { ...uuid, description: "Only this mission's runs." },
    agent_id: { ...uuid, description: "Only this agent's runs (its answers in threads)." },
    since: { ...timestamp, description: 'Only feedback given at or after this time.' },
  },
};

export const feedbackSummary: JsonSchema = closedObject({
  count: { ...counter, minimum: 0, description: 'Every feedback counted.' },
  mean_score: {
    type: ['number', 'null'],
    minimum: 0,
    maximum: 1,
    description: 'The mean of those with a score; null when none has one.',
  },
  labels: {
    type: 'object',
    additionalProperties: { ...counter, minimum: 1 },
    description: 'How many carry each label.',
  },
});

export const feedbackLinkRequest: JsonSchema = closedObject({
  expires_in_seconds: { type: 'integer', format: 'int32', minimum: 1, maximum: MAX_FEEDBACK_LINK_SECONDS },
});

export const feedbackLink: JsonSchema = closedObject({
  url: {
    type: 'string',
    format: 'uri',
    maxLength: 2000,
    description: 'POST `{score?, label?, comment?}` here without credentials, once, before `expires_at`.',
  },
  expires_at: timestamp,
});

export const feedbackLinkParams: JsonSchema = signedLinkParams(
  'The signed part of the link: run id, expiry and signature.',
);
