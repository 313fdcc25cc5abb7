import { RUN_STATUSES } from '../../../domain/runs/index.ts';
import { auditEventQuery } from '../../audit/index.ts';
import { modelProvider } from '../../models/index.ts';
import { timestamp, uuid } from '../../platform/http/common-schemas.ts';
import type { JsonSchema } from '../../platform/http/route.ts';
import { triggerWithSecret } from '../../triggers/index.ts';

const recordFormat: JsonSchema = {
  enum: ['ndjson', 'csv'],
  description: 'NDJSON (one JSON object a line, as the API shows it) or CSV with a header row.',
};

const runsFilter: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    mission_id: { ...uuid, description: 'Only runs of this mission.' },
    status: { enum: [...RUN_STATUSES], description: 'Only runs in this status.' },
    parent_run_id: {
      ...uuid,
      description:
        'Only the child runs of this run (the steps a blueprint run started); without it, only top-level runs, as `GET /api/runs` lists them.',
    },
    created_after: { ...timestamp, description: 'Only runs created at or after this time.' },
    created_before: { ...timestamp, description: 'Only runs created before this time.' },
  },
};

const {
  limit: _limit,
  cursor: _cursor,
  ...auditFilterProperties
} = auditEventQuery.properties as Record<string, JsonSchema>;

export const createExportRequest: JsonSchema = {
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'format'],
      properties: { kind: { const: 'runs' }, format: recordFormat, filter: runsFilter },
      description: "The workspace's runs (with input and output), oldest first.",
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'format'],
      properties: {
        kind: { const: 'audit_events' },
        format: recordFormat,
        filter: {
          type: 'object',
          additionalProperties: false,
          properties: auditFilterProperties,
          description: 'The filters of `GET /api/workspaces/{id}/audit-events`.',
        },
      },
      description: "The workspace's audit events, newest first.",
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind'],
      properties: { kind: { const: 'workspace' }, format: { const: 'json' } },
      description: 'The whole workspace as one JSON document that `POST /api/workspaces/{id}/imports` reads.',
    },
  ],
};

export const exportJob: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'workspace_id', 'kind', 'format', 'status', 'file_id', 'rows', 'error', 'created_at'],
  properties: {
    id: uuid,
    workspace_id: uuid,
    kind: { enum: ['runs', 'audit_events', 'workspace'] },
    format: { enum: ['ndjson', 'csv', 'json'] },
    status: {
      enum: ['queued', 'running', 'succeeded', 'failed'],
      description: 'An instance makes queued exports in the background: follow `GET /api/exports/{id}`.',
    },
    file_id: {
      ...uuid,
      type: ['string', 'null'],
      description: "The finished export's file (`GET /api/files/{id}/content`); null until it succeeded.",
    },
    rows: {
      type: ['integer', 'null'],
      format: 'int64',
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'The records written (the objects of a workspace export); null until it succeeded.',
    },
    error: { type: ['string', 'null'], maxLength: 1000, description: 'Why it failed.' },
    created_at: timestamp,
    started_at: { ...timestamp, type: ['string', 'null'] },
    finished_at: { ...timestamp, type: ['string', 'null'] },
  },
};

export const importRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['file_id'],
  properties: {
    file_id: {
      ...uuid,
      description: 'A workspace export (`kind: "workspace"`), of this or another workspace.',
    },
  },
};

const count = { type: 'integer', format: 'int32', minimum: 0, maximum: 2147483647 };

export const importResult: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['created', 'triggers', 'model_providers'],
  properties: {
    created: {
      type: 'object',
      additionalProperties: false,
      required: [
        'missions',
        'blueprints',
        'blueprint_versions',
        'triggers',
        'schedules',
        'model_providers',
        'agents',
        'agent_versions',
        'datasets',
        'dataset_items',
        'knowledge_bases',
      ],
      properties: {
        missions: count,
        blueprints: count,
        blueprint_versions: count,
        triggers: count,
        schedules: count,
        model_providers: count,
        agents: count,
        agent_versions: count,
        datasets: count,
        dataset_items: count,
        knowledge_bases: count,
      },
      description:
        'How many objects of each kind were made. The knowledge bases are made empty (their settings, the ' +
        'embedding model of the new provider): an export holds its documents’ metadata but no text, so their ' +
        'documents must be added again (`POST /api/knowledge-bases/{id}/documents`).',
    },
    model_providers: {
      type: 'array',
      maxItems: 100000,
      items: modelProvider,
      description:
        'The new model providers, each without a key (`api_key_hint: null`; an export holds no key): until ' +
        '`PATCH /api/model-providers/{id}` sets `api_key`, the model calls of their agents fail with ' +
        '`provider_error`.',
    },
    triggers: {
      type: 'array',
      maxItems: 100000,
      items: triggerWithSecret,
      description: 'The new triggers, each with its new webhook path and signing secret: shown this once.',
    },
  },
};
