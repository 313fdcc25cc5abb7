import { TEXT_SEARCH_LANGUAGES } from '../../../domain/knowledge/knowledge-base.ts';
import { NAME, TEXT, timestamp, uuid } from '../../platform/http/common-schemas.ts';
import { listQuery } from '../../platform/http/pagination.ts';
import type { JsonSchema } from '../../platform/http/route.ts';

/** The most text a document sent as text may hold (characters). */
export const MAX_DOCUMENT_TEXT = 5_000_000;

const language: JsonSchema = {
  enum: [...TEXT_SEARCH_LANGUAGES],
  description: 'The PostgreSQL text search configuration of keyword search (stemming, stop words).',
};

const embedding: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['provider_id', 'model'],
  properties: {
    provider_id: {
      ...uuid,
      description: 'A model provider of the workspace with an embeddings API (`openai`).',
    },
    model: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      pattern: NAME,
      description: 'The embedding model.',
    },
  },
};

const knowledgeBaseName: JsonSchema = { type: 'string', minLength: 1, maxLength: 200, pattern: NAME };

export const createKnowledgeBaseRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['workspace_id', 'name'],
  properties: { workspace_id: uuid, name: knowledgeBaseName, language, embedding },
};

export const knowledgeBase: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'workspace_id', 'name', 'language', 'embedding', 'created_at'],
  properties: {
    id: uuid,
    workspace_id: uuid,
    name: { type: 'string', maxLength: 200 },
    language: { enum: [...TEXT_SEARCH_LANGUAGES] },
    embedding: { oneOf: [embedding, { type: 'null' }], description: 'Null: keyword search only.' },
    created_at: timestamp,
  },
};

export const listKnowledgeBasesQuery: JsonSchema = listQuery({ workspace_id: uuid }, ['workspace_id']);

const metadataValue: JsonSchema = {
  oneOf: [{ type: 'string', maxLength: 1000 }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }],
};
const metadata: JsonSchema = {
  type: 'object',
  maxProperties: 64,
  propertyNames: { maxLength: 100 },
  additionalProperties: metadataValue,
  description: 'A flat JSON object: strings, numbers, booleans, null.',
};

export const addDocumentRequest: JsonSchema = {
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['file_id'],
      properties: { file_id: { ...uuid, description: 'A file of the same workspace.' }, metadata },
      description:
        "A file's text (`text/plain`, `text/markdown`, `text/html`, `application/json`, `application/pdf`).",
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['title', 'text'],
      properties: {
        title: { type: 'string', minLength: 1, maxLength: 500, pattern: NAME },
        text: { type: 'string', maxLength: MAX_DOCUMENT_TEXT, pattern: TEXT },
        metadata,
      },
      description: 'Text sent as it is.',
    },
  ],
};

export const knowledgeDocument: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'knowledge_base_id',
    'title',
    'file_id',
    'metadata',
    'status',
    'chunks',
    'error',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: uuid,
    knowledge_base_id: uuid,
    title: { type: 'string', maxLength: 500 },
    file_id: { oneOf: [uuid, { type: 'null' }] },
    metadata: { type: 'object' },
    status: { enum: ['processing', 'ready', 'failed'] },
    chunks: {
      type: ['integer', 'null'],
      format: 'int32',
      minimum: 0,
      maximum: 2147483647,
      description: 'How many chunks, once `ready`.',
    },
    error: { type: ['string', 'null'], maxLength: 1000, description: 'Why it `failed`.' },
    created_at: timestamp,
    updated_at: timestamp,
  },
};

export const searchRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['query'],
  properties: {
    query: { type: 'string', minLength: 1, maxLength: 2000, pattern: TEXT },
    limit: { type: 'integer', format: 'int32', minimum: 1, maximum: 50, default: 5 },
    mode: {
      enum: ['keyword', 'semantic', 'hybrid'],
      description: 'Default: `hybrid` when the knowledge base has an embedding model, else `keyword`.',
    },
    filter: {
      ...metadata,
      description: 'Only chunks of documents whose metadata holds each of these pairs.',
    },
  },
};

export const searchResult: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['items'],
  properties: {
    items: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['document_id', 'title', 'chunk_index', 'text', 'score', 'metadata'],
        properties: {
          document_id: uuid,
          title: { type: 'string', maxLength: 500 },
          chunk_index: { type: 'integer', format: 'int32', minimum: 0, maximum: 2147483647 },
          text: { type: 'string', maxLength: 100000 },
          score: { type: 'number' },
          metadata: { type: 'object' },
        },
      },
    },
  },
};
