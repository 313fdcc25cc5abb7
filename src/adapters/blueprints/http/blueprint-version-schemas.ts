import { MAX_VERSION_NOTE_LENGTH } from '../../../domain/blueprints/blueprint-version.ts';
import { TEXT, timestamp, uuid } from '../../platform/http/common-schemas.ts';
import type { JsonSchema } from '../../platform/http/route.ts';
import { graph } from './graph-schemas.ts';

export const versionNumber: JsonSchema = {
  type: 'integer',
  format: 'int32',
  minimum: 1,
  maximum: 2147483647,
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
