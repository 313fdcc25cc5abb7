import type { MigrationObject } from '@mikro-orm/core';
import { Migration0001Identity } from './0001-identity.ts';
import { Migration0002WorkspacesMissionsRuns } from './0002-workspaces-missions-runs.ts';
import { Migration0003WebhookTriggers } from './0003-webhook-triggers.ts';
import { Migration0004BrowserSessions } from './0004-browser-sessions.ts';
import { Migration0005ApiKeys } from './0005-api-keys.ts';
import { Migration0006RunPolicyEventsSchedules } from './0006-run-policy-events-schedules.ts';
import { Migration0007SignatureSchemesOutboundWebhooks } from './0007-signature-schemes-outbound-webhooks.ts';
import { Migration0008IdentityHardening } from './0008-identity-hardening.ts';
import { Migration0009CacheInvalidation } from './0009-cache-invalidation.ts';
import { Migration0010Files } from './0010-files.ts';
import { Migration0011Blueprints } from './0011-blueprints.ts';
import { Migration0012EndpointFailures } from './0012-endpoint-failures.ts';
import { Migration0013Accounts } from './0013-accounts.ts';
import { Migration0014QueuedRunsIndex } from './0014-queued-runs-index.ts';
import { Migration0015AuditApi } from './0015-audit-api.ts';
import { Migration0017BlueprintEngine } from './0017-blueprint-engine.ts';
import { Migration0018Exports } from './0018-exports.ts';
import { Migration0019TwoFactor } from './0019-two-factor.ts';
import { Migration0020LinkedIdentities } from './0020-linked-identities.ts';
import { Migration0021Retention } from './0021-retention.ts';
import { Migration0022RunTraceparent } from './0022-run-traceparent.ts';
import { Migration0023ModelProviders } from './0023-model-providers.ts';
import { Migration0024Approvals } from './0024-approvals.ts';
import { Migration0025Agents } from './0025-agents.ts';
import { Migration0026UploadLeaseHolder } from './0026-upload-lease-holder.ts';
import { Migration0029BlueprintEngineWakeUps } from './0029-blueprint-engine-wake-ups.ts';
import { Migration0030Knowledge } from './0030-knowledge.ts';
import { Migration0031Memory } from './0031-memory.ts';
import { Migration0032Feedback } from './0032-feedback.ts';
import { Migration0033Evaluations } from './0033-evaluations.ts';
import { Migration0034MapChildren } from './0034-map-children.ts';
import { Migration0035AgentsGaps } from './0035-agents-gaps.ts';
import { Migration0040EvaluationsByWorkspace } from './0040-evaluations-by-workspace.ts';

import { MIGRATION_NAMES, type MigrationName } from './names.ts';

/** Each committed migration's class, by name: one for every name in names.ts, and no other. */
const CLASSES: Record<MigrationName, MigrationObject['class']> = {
  '0001-identity': Migration0001Identity,
  '0002-workspaces-missions-runs': Migration0002WorkspacesMissionsRuns,
  '0003-webhook-triggers': Migration0003WebhookTriggers,
  '0004-browser-sessions': Migration0004BrowserSessions,
  '0005-api-keys': Migration0005ApiKeys,
  '0006-run-policy-events-schedules': Migration0006RunPolicyEventsSchedules,
  '0007-signature-schemes-outbound-webhooks': Migration0007SignatureSchemesOutboundWebhooks,
  '0008-identity-hardening': Migration0008IdentityHardening,
  '0009-cache-invalidation': Migration0009CacheInvalidation,
  '0010-files': Migration0010Files,
  '0011-blueprints': Migration0011Blueprints,
  '0012-endpoint-failures': Migration0012EndpointFailures,
  '0013-accounts': Migration0013Accounts,
  '0014-queued-runs-index': Migration0014QueuedRunsIndex,
  '0015-audit-api': Migration0015AuditApi,
  '0017-blueprint-engine': Migration0017BlueprintEngine,
  '0018-exports': Migration0018Exports,
  '0019-two-factor': Migration0019TwoFactor,
  '0020-linked-identities': Migration0020LinkedIdentities,
  '0021-retention': Migration0021Retention,
  '0022-run-traceparent': Migration0022RunTraceparent,
  '0023-model-providers': Migration0023ModelProviders,
  '0024-approvals': Migration0024Approvals,
  '0025-agents': Migration0025Agents,
  '0026-upload-lease-holder': Migration0026UploadLeaseHolder,
  '0029-blueprint-engine-wake-ups': Migration0029BlueprintEngineWakeUps,
  '0030-knowledge': Migration0030Knowledge,
  '0031-memory': Migration0031Memory,
  '0032-feedback': Migration0032Feedback,
  '0033-evaluations': Migration0033Evaluations,
  '0034-map-children': Migration0034MapChildren,
  '0035-agents-gaps': Migration0035AgentsGaps,
  '0040-evaluations-by-workspace': Migration0040EvaluationsByWorkspace,
};

/** The committed migrations, in order. Listed explicitly: no glob loading at run time. */
export const migrations: MigrationObject[] = MIGRATION_NAMES.map((name) => ({ name, class: CLASSES[name] }));
