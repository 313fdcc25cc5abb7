import {
  MAX_RETENTION_DAYS,
  MIN_RETENTION_DAYS,
  WORKSPACE_RETENTION_SETTINGS,
} from '../../../domain/kernel/retention.ts';
import { closedObject } from '../../platform/http/common-schemas.ts';
import type { JsonSchema } from '../../platform/http/route.ts';

const WHAT = {
  idempotency_keys: "webhook deliveries' idempotency keys, from receipt",
  delivery_bodies:
    'raw webhook bodies and the log entries of duplicate and rejected deliveries, from receipt',
  runs: 'finished runs with their events, from the end of the run',
  files: 'files with their bytes, from upload',
  audit: 'audit events, from when they happened',
} as const;

const settings = (schema: (setting: (typeof WORKSPACE_RETENTION_SETTINGS)[number]) => JsonSchema) =>
  Object.fromEntries(WORKSPACE_RETENTION_SETTINGS.map((setting) => [setting, schema(setting)]));

const days = (setting: (typeof WORKSPACE_RETENTION_SETTINGS)[number]): JsonSchema => ({
  type: 'integer',
  format: 'int32',
  minimum: 0,
  maximum: MAX_RETENTION_DAYS,
  description: `Days ${WHAT[setting]}; 0: kept.`,
});

const own = (setting: (typeof WORKSPACE_RETENTION_SETTINGS)[number]): JsonSchema => ({
  type: ['integer', 'null'],
  format: 'int32',
  minimum: MIN_RETENTION_DAYS[setting],
  maximum: MAX_RETENTION_DAYS,
  description: `Days ${WHAT[setting]}, from ${MIN_RETENTION_DAYS[setting]} to ${MAX_RETENTION_DAYS}; null follows the instance's default.`,
});

export const retention: JsonSchema = closedObject({
  defaults: { ...closedObject(settings(days)), description: "The instance's defaults (`RETENTION_*`)." },
  workspace: { ...closedObject(settings(own)), description: "The workspace's own days (null: the default)." },
  effective: { ...closedObject(settings(days)), description: 'What the retention job applies.' },
});

export const updateRetentionRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: settings(own),
  description:
    "The workspace's own days, replacing what it set: a setting absent or null follows the instance's default.",
};
