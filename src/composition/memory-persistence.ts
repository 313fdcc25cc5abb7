import { InMemoryApiKeyRepository } from '../adapters/api-keys/memory/in-memory-api-key-repository.ts';
import { InMemoryAuditLog } from '../adapters/audit/in-memory-audit-log.ts';
import { InMemoryBrowserSessionRepository } from '../adapters/identity/memory/in-memory-browser-session-repository.ts';
import { InMemoryLoginSessionRepository } from '../adapters/identity/memory/in-memory-login-session-repository.ts';
import { InMemorySigningKeyStore } from '../adapters/identity/memory/in-memory-signing-key-store.ts';
import { InMemoryUserRepository } from '../adapters/identity/memory/in-memory-user-repository.ts';
import { InMemoryMissionRepository } from '../adapters/missions/memory/in-memory-mission-repository.ts';
import { InMemoryStore } from '../adapters/platform/memory/in-memory-store.ts';
import { InMemoryUnitOfWork } from '../adapters/platform/memory/in-memory-unit-of-work.ts';
import { InMemoryRunEventNotifier } from '../adapters/runs/memory/in-memory-run-event-notifier.ts';
import { InMemoryRunEventRepository } from '../adapters/runs/memory/in-memory-run-event-repository.ts';
import { InMemoryRunRepository } from '../adapters/runs/memory/in-memory-run-repository.ts';
import { InMemoryScheduleRepository } from '../adapters/schedules/memory/in-memory-schedule-repository.ts';
import { InMemoryDeliveryIntake } from '../adapters/triggers/memory/in-memory-delivery-intake.ts';
import { InMemoryDeliveryRepository } from '../adapters/triggers/memory/in-memory-delivery-repository.ts';
import { InMemoryTriggerRepository } from '../adapters/triggers/memory/in-memory-trigger-repository.ts';
import { InMemoryWebhookEndpointRepository } from '../adapters/webhooks/memory/in-memory-webhook-endpoint-repository.ts';
import { InMemoryWebhookMessageRepository } from '../adapters/webhooks/memory/in-memory-webhook-message-repository.ts';
import { InMemoryInvitationRepository } from '../adapters/workspaces/memory/in-memory-invitation-repository.ts';
import { InMemoryWorkspaceRepository } from '../adapters/workspaces/memory/in-memory-workspace-repository.ts';
import type { PersistenceCradle } from './cradle.ts';
import { type Registrations, singleton, value } from './registration.ts';

/**
 * `PERSISTENCE=memory`: every stateful port on one in-memory store in this process (transactions and
 * cascades included); nothing survives a restart.
 */
export function memoryPersistence(): Registrations<keyof PersistenceCradle> {
  const store = new InMemoryStore();
  const runEventNotifier = new InMemoryRunEventNotifier();
  const runs = new InMemoryRunRepository({ store, runEventNotifier });
  const users = new InMemoryUserRepository({ store });
  const workspaces = new InMemoryWorkspaceRepository({ store });
  const loginSessions = new InMemoryLoginSessionRepository({ store });
  const missions = new InMemoryMissionRepository({ store });
  const apiKeys = new InMemoryApiKeyRepository({ store });
  const triggers = new InMemoryTriggerRepository({ store });
  // Nothing to gain from caching reads that are already in memory.
  return {
    isUnavailable: value(() => false),
    unitOfWork: value(new InMemoryUnitOfWork({ store })),
    readinessProbe: value({ check: async () => {} }),
    users: value(users),
    workspaces: value(workspaces),
    invitations: value(new InMemoryInvitationRepository({ store })),
    apiKeys: value(apiKeys),
    cachedApiKeys: value(apiKeys),
    loginSessions: value(loginSessions),
    cachedLoginSessions: value(loginSessions),
    cachedUsers: value(users),
    cachedWorkspaces: value(workspaces),
    browserSessions: value(new InMemoryBrowserSessionRepository({ store })),
    auditLog: singleton(({ clock, logger }) => new InMemoryAuditLog({ store, clock, logger })),
    signingKeyStore: value(new InMemorySigningKeyStore()),
    missions: value(missions),
    cachedMissions: value(missions),
    runs: value(runs),
    runEvents: value(new InMemoryRunEventRepository({ store, runEventNotifier })),
    runEventNotifier: value(runEventNotifier),
    schedules: value(new InMemoryScheduleRepository({ store })),
    triggers: value(triggers),
    cachedTriggers: value(triggers),
    deliveries: value(new InMemoryDeliveryRepository({ store })),
    deliveryIntake: value(new InMemoryDeliveryIntake({ store, runs })),
    webhookEndpoints: value(new InMemoryWebhookEndpointRepository({ store })),
    webhookMessages: value(new InMemoryWebhookMessageRepository({ store })),
  };
}
