import { MAX_ITEMS_PER_CALL } from '../../../domain/evaluations/dataset.ts';
import { closedObject, NAME, TEXT, timestamp, uuid } from '../../platform/http/common-schemas.ts';
import { listQuery } from '../../platform/http/pagination.ts';
import type { JsonSchema } from '../../platform/http/route.ts';

/** A dataset item's input and expected answer, and what a run gave for it. */
export const anyJson: JsonSchema = { description: 'Any JSON value.' };
const metadata: JsonSchema = {
  type: ['object', 'null'],
  description: 'Anything kept with the item (16 KiB at most).',
};

export const createDatasetRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['workspace_id', 'name'],
  properties: {
    workspace_id: uuid,
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: NAME },
    description: { type: 'string', maxLength: 2000, pattern: TEXT },
  },
};

export const dataset: JsonSchema = closedObject({
  id: uuid,
  workspace_id: uuid,
  name: { type: 'string', maxLength: 100 },
  description: { type: 'string', maxLength: 2000 },
  created_at: timestamp,
});

const itemDraft: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['input'],
  properties: {
    input: { ...anyJson, description: 'Any JSON value but null (64 KiB at most).' },
    expected: { ...anyJson, description: 'What the target should answer (64 KiB at most).' },
    metadata,
  },
};

export const addItemsRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['items'],
  properties: { items: { type: 'array', minItems: 1, maxItems: MAX_ITEMS_PER_CALL, items: itemDraft } },
};

export const itemCount: JsonSchema = closedObject({
  count: {
    type: 'integer',
    format: 'int32',
    minimum: 0,
    maximum: 2147483647,
    description: 'The items added.',
  },
});

export const datasetItem: JsonSchema = closedObject({
  id: uuid,
  dataset_id: uuid,
  input: anyJson,
  expected: anyJson,
  metadata,
  created_at: timestamp,
});

export const importRequest: JsonSchema = closedObject({
  file_id: {
    ...uuid,
    description: 'A file of the workspace: NDJSON, or CSV (a `.csv` name or `text/csv` type).',
  },
});

export const itemFromRunRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['run_id'],
  properties: {
    run_id: uuid,
    expected: { ...anyJson, description: "Instead of the run's output." },
  },
};

/** `?workspace_id=` (required) and the page: the datasets and the evaluations of a workspace. */
export const workspaceListQuery: JsonSchema = listQuery({ workspace_id: uuid }, ['workspace_id']);
