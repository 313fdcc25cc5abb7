import {
  MAX_BLUEPRINT_DESCRIPTION_LENGTH,
  MAX_BLUEPRINT_NAME_LENGTH,
} from '../../../domain/blueprints/blueprint.ts';
import { LINE, NAME, TEXT, timestamp, uuid } from '../../platform/http/common-schemas.ts';
import { pageQueryProperties } from '../../platform/http/pagination.ts';
import type { JsonSchema } from '../../platform/http/route.ts';
import { versionNumber } from './blueprint-version-schemas.ts';
import { graph } from './graph-schemas.ts';

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

export const listBlueprintsQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['workspace_id'],
  properties: {
    workspace_id: { ...uuid, description: 'The workspace whose blueprints to list.' },
    ...pageQueryProperties,
  },
};

export const pageQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { ...pageQueryProperties },
};
