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
import { Migration0019TwoFactor } from './0019-two-factor.ts';
import { Migration0020LinkedIdentities } from './0020-linked-identities.ts';
import { Migration0021Retention } from './0021-retention.ts';
import { Migration0022RunTraceparent } from './0022-run-traceparent.ts';
import { Migration0023ModelProviders } from './0023-model-providers.ts';

/** The committed migrations, in order. Listed explicitly: no glob loading at run time. */
export const migrations: MigrationObject[] = [
  { name: '0001-identity', class: Migration0001Identity },
  { name: '0002-workspaces-missions-runs', class: Migration0002WorkspacesMissionsRuns },
  { name: '0003-webhook-triggers', class: Migration0003WebhookTriggers },
  { name: '0004-browser-sessions', class: Migration0004BrowserSessions },
  { name: '0005-api-keys', class: Migration0005ApiKeys },
  { name: '0006-run-policy-events-schedules', class: Migration0006RunPolicyEventsSchedules },
  { name: '0007-signature-schemes-outbound-webhooks', class: Migration0007SignatureSchemesOutboundWebhooks },
  { name: '0008-identity-hardening', class: Migration0008IdentityHardening },
  { name: '0009-cache-invalidation', class: Migration0009CacheInvalidation },
  { name: '0010-files', class: Migration0010Files },
  { name: '0011-blueprints', class: Migration0011Blueprints },
  { name: '0012-endpoint-failures', class: Migration0012EndpointFailures },
  { name: '0013-accounts', class: Migration0013Accounts },
  { name: '0014-queued-runs-index', class: Migration0014QueuedRunsIndex },
  { name: '0015-audit-api', class: Migration0015AuditApi },
  { name: '0017-blueprint-engine', class: Migration0017BlueprintEngine },
  { name: '0019-two-factor', class: Migration0019TwoFactor },
  { name: '0020-linked-identities', class: Migration0020LinkedIdentities },
  { name: '0021-retention', class: Migration0021Retention },
  { name: '0022-run-traceparent', class: Migration0022RunTraceparent },
  { name: '0023-model-providers', class: Migration0023ModelProviders },
];
