import { MAX_LINK_SECONDS } from '../../../application/files/create-file-link.ts';
import { MAX_FILE_NAME_LENGTH } from '../../../domain/files/stored-file.ts';
import { LINE, signedLinkParams, timestamp, uuid } from '../../platform/http/common-schemas.ts';
import { pageQueryProperties } from '../../platform/http/pagination.ts';
import type { JsonSchema } from '../../platform/http/route.ts';

export const file: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'workspace_id', 'name', 'content_type', 'size', 'sha256', 'created_by', 'created_at'],
  properties: {
    id: uuid,
    workspace_id: uuid,
    name: { type: 'string', maxLength: MAX_FILE_NAME_LENGTH, pattern: LINE },
    content_type: {
      type: 'string',
      maxLength: 129,
      description: "What the first bytes show when the sender's type disagrees with them; else the sender's.",
    },
    size: { type: 'integer', format: 'int64', minimum: 0, maximum: 1099511627776, description: 'Bytes.' },
    sha256: {
      type: 'string',
      pattern: '^[0-9a-f]{64}$',
      maxLength: 64,
      description: 'Hex SHA-256: the ETag.',
    },
    created_by: { ...uuid, type: ['string', 'null'], description: 'The uploader; null for an API key.' },
    created_at: timestamp,
  },
};

export const uploadQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['workspace_id'],
  properties: {
    workspace_id: { ...uuid, description: 'The workspace the file belongs to.' },
    name: {
      type: 'string',
      minLength: 1,
      maxLength: MAX_FILE_NAME_LENGTH,
      description:
        "The file name. Required with a raw body; with multipart it defaults to the part's `filename`. A path " +
        'keeps its last segment.',
    },
  },
};

export const listFilesQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['workspace_id'],
  properties: {
    workspace_id: { ...uuid, description: 'The workspace whose files to list.' },
    ...pageQueryProperties,
  },
};

export const createLinkRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['expires_in_seconds'],
  properties: {
    expires_in_seconds: { type: 'integer', format: 'int32', minimum: 1, maximum: MAX_LINK_SECONDS },
  },
};

export const fileLink: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['url', 'expires_at'],
  properties: {
    url: {
      type: 'string',
      format: 'uri',
      maxLength: 2000,
      description: 'Serves the content without credentials.',
    },
    expires_at: timestamp,
  },
};

export const linkParams: JsonSchema = signedLinkParams(
  'The signed part of the link: file id, expiry and signature.',
);
