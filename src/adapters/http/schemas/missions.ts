import { pageQueryProperties } from '../pagination.ts';
import type { JsonSchema } from '../route.ts';
import { timestamp, uuid } from './common.ts';
import { LINE, NAME, TEXT } from './workspaces.ts';

/** A free-form JSON object (stored as JSONB); its size is checked by the domain. */
export function jsonObject(description: string): JsonSchema {
  return { type: 'object', maxProperties: 1000, description };
}

const name: JsonSchema = { type: 'string', minLength: 1, maxLength: 200, pattern: NAME };
const description: JsonSchema = { type: ['string', 'null'], maxLength: 4000, pattern: TEXT };
const definition = jsonObject('The workflow definition: any JSON object of at most 64 KiB.');

export const mission: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'workspace_id', 'name', 'description', 'definition', 'created_at', 'updated_at'],
  properties: {
    id: uuid,
    workspace_id: uuid,
    name: { type: 'string', maxLength: 200, pattern: LINE },
    description,
    definition,
    created_at: timestamp,
    updated_at: timestamp,
  },
};

export const createMissionRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['workspace_id', 'name'],
  properties: { workspace_id: uuid, name, description, definition },
};

export const updateMissionRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { name, description: { ...description, description: '`null` clears it.' }, definition },
};

export const listMissionsQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['workspace_id'],
  properties: {
    workspace_id: { ...uuid, description: 'The workspace whose missions to list.' },
    ...pageQueryProperties,
  },
};

export const startRunRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { input: jsonObject('Input handed to the worker: any JSON object of at most 64 KiB.') },
};
