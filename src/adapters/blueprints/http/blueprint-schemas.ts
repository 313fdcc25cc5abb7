import {
  MAX_BLUEPRINT_DESCRIPTION_LENGTH,
  MAX_BLUEPRINT_NAME_LENGTH,
} from '../../../domain/blueprints/blueprint.ts';
import { MAX_VERSION_NOTE_LENGTH } from '../../../domain/blueprints/blueprint-version.ts';
import { MAX_NODES } from '../../../domain/blueprints/graph.ts';
import { LINE, NAME, TEXT, timestamp, uuid } from '../../platform/http/common-schemas.ts';
import { pageQueryProperties } from '../../platform/http/pagination.ts';
import type { JsonSchema } from '../../platform/http/route.ts';

const name: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: MAX_BLUEPRINT_NAME_LENGTH,
  pattern: NAME,
};
const description: JsonSchema = {
  type: ['string', 'null'],
  maxLength: MAX_BLUEPRINT_DESCRIPTION_LENGTH,
  pattern: TEXT,
};
const versionNumber: JsonSchema = { type: 'integer', format: 'int32', minimum: 1, maximum: 2147483647 };

/**
 * The graph. Its schema here only says it is an object: the server checks it whole (graph-problems.ts) so
 * that every problem is reported at once, at its path, rather than the schema's problems first.
 */
export const graph: JsonSchema = {
  type: 'object',
  maxProperties: 3,
  description:
    `\`{nodes, edges, output?}\`, at most ${MAX_NODES} nodes and 256 KiB. Each node \`{id, kind, config?, input?, ` +
    'retry?: {max_attempts, backoff_seconds?}, timeout_seconds?, on_error?: "fail"|"continue"}`, ids matching ' +
    '`^[a-z][a-z0-9_]{0,63}$`, kinds `task` (`config.task_type`), `http` (`config.method`, `config.url` or ' +
    '`config.url_expression`: an expression giving the URL, `config.headers?`), `code` (`config.source` defining ' +
    '`main(input)`), `condition`, `map` (`config.node`: an ' +
    'inline `task`, `http` or `code` node without id; `config.concurrency?`), `wait` (`config.seconds` or ' +
    '`config.until`), `approval` (`config.title?`, `config.timeout_seconds?`), `agent` (`config.agent_id`; ' +
    'input `{message}`, output the final answer `{message}`), `blueprint` ' +
    '(`config.blueprint_id`, `config.version?`). Each edge `{from, to, when?}`; `input`, `when`, `until` and ' +
    '`output` are JSONata expressions over `{input, steps: {<node id>: {output}}}`. The edges must not form a ' +
    'cycle and at least one node must have no incoming edge.',
};

export const blueprint: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'workspace_id', 'name', 'description', 'latest_version', 'created_at', 'updated_at'],
  properties: {
    id: uuid,
    workspace_id: uuid,
    name: { type: 'string', maxLength: MAX_BLUEPRINT_NAME_LENGTH, pattern: LINE },
    description,
    latest_version: { ...versionNumber, description: 'The number of its newest version.' },
    created_at: timestamp,
    updated_at: timestamp,
  },
};

export const blueprintVersion: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['blueprint_id', 'version', 'graph', 'digest', 'note', 'created_by', 'created_at'],
  properties: {
    blueprint_id: uuid,
    version: versionNumber,
    graph,
    digest: {
      type: 'string',
      pattern: '^[0-9a-f]{64}$',
      maxLength: 64,
      description: "SHA-256 (hex) of the graph's canonical JSON (RFC 8785).",
    },
    note: { type: ['string', 'null'], maxLength: MAX_VERSION_NOTE_LENGTH },
    created_by: {
      ...uuid,
      type: ['string', 'null'],
      description: 'The user who made it; null for an API key.',
    },
    created_at: timestamp,
  },
};

export const createBlueprintRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['workspace_id', 'name'],
  description: 'Exactly one of `graph` and `template_id` (else a 400 `validation_failed`).',
  properties: {
    workspace_id: uuid,
    name,
    description,
    graph,
    template_id: {
      ...uuid,
      description:
        'A built-in template (`GET /api/templates`) whose graph becomes version 1; an unknown one is a 400 ' +
        '`validation_failed` at `/template_id`.',
    },
  },
};

export const blueprintTemplate: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'description', 'graph'],
  properties: {
    id: uuid,
    name: { type: 'string', maxLength: 1000 },
    description: { type: 'string', maxLength: 1000 },
    graph,
  },
};

export const updateBlueprintRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { name, description: { ...description, description: '`null` clears it.' } },
};

export const createVersionRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['graph'],
  properties: {
    graph,
    base_version: {
      ...versionNumber,
      description: 'The version this one was edited from: 409 when it is no longer the latest.',
    },
    note: { type: ['string', 'null'], maxLength: MAX_VERSION_NOTE_LENGTH, pattern: TEXT },
  },
};

export const validateGraphRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['graph'],
  properties: { graph },
};

export const validGraph: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['valid'],
  properties: { valid: { type: 'boolean', const: true } },
};

const patchOperation: JsonSchema = {
  type: 'object',
  required: ['op', 'path'],
  maxProperties: 4,
  properties: {
    op: { type: 'string', enum: ['add', 'remove', 'replace', 'move', 'copy', 'test'] },
    path: { type: 'string', maxLength: 4096 },
    from: { type: 'string', maxLength: 4096 },
    value: { description: 'Any JSON value.' },
  },
};

export const blueprintDiff: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['from', 'to', 'patch'],
  properties: {
    from: versionNumber,
    to: versionNumber,
    patch: {
      type: 'array',
      maxItems: 100000,
      items: patchOperation,
      description: "The RFC 6902 JSON Patch from version `from`'s graph to version `to`'s.",
    },
  },
};

export const listBlueprintsQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['workspace_id'],
  properties: {
    workspace_id: { ...uuid, description: 'The workspace whose blueprints to list.' },
    ...pageQueryProperties,
  },
};

export const versionParams: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'version'],
  properties: { id: { ...uuid, description: 'Blueprint id.' }, version: versionNumber },
};

export const diffParams: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'a', 'b'],
  properties: {
    id: { ...uuid, description: 'Blueprint id.' },
    a: { ...versionNumber, description: 'The version to diff from.' },
    b: { ...versionNumber, description: 'The version to diff to.' },
  },
};

export const pageQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { ...pageQueryProperties },
};
