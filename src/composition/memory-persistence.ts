import { InMemoryAuditLog } from '../adapters/persistence/in-memory/in-memory-audit-log.ts';
import { InMemoryBrowserSessionRepository } from '../adapters/persistence/in-memory/in-memory-browser-session-repository.ts';
import { InMemoryDeliveryRepository } from '../adapters/persistence/in-memory/in-memory-delivery-repository.ts';
import { InMemoryLoginSessionRepository } from '../adapters/persistence/in-memory/in-memory-login-session-repository.ts';
import { InMemoryMissionRepository } from '../adapters/persistence/in-memory/in-memory-mission-repository.ts';
import { InMemoryRunRepository } from '../adapters/persistence/in-memory/in-memory-run-repository.ts';
import { InMemorySigningKeyStore } from '../adapters/persistence/in-memory/in-memory-signing-key-store.ts';
import { InMemoryTriggerRepository } from '../adapters/persistence/in-memory/in-memory-trigger-repository.ts';
import { InMemoryUnitOfWork } from '../adapters/persistence/in-memory/in-memory-unit-of-work.ts';
import { InMemoryUserRepository } from '../adapters/persistence/in-memory/in-memory-user-repository.ts';
import { InMemoryWorkspaceRepository } from '../adapters/persistence/in-memory/in-memory-workspace-repository.ts';
import type { PersistenceCradle } from './cradle.ts';
import { type Registrations, value } from './registration.ts';

/** `PERSISTENCE=memory`: every stateful port in this process's memory; nothing survives a restart. */
export function memoryPersistence(): Registrations<keyof PersistenceCradle> {
  const runs = new InMemoryRunRepository();
  const workspaces: InMemoryWorkspaceRepository = new InMemoryWorkspaceRepository({ users: () => users });
  const users = new InMemoryUserRepository({ workspaces });
  return {
    isUnavailable: value(() => false),
    unitOfWork: value(new InMemoryUnitOfWork()),
    readinessProbe: value({ check: async () => {} }),
    users: value(users),
    workspaces: value(workspaces),
    loginSessions: value(new InMemoryLoginSessionRepository()),
    browserSessions: value(new InMemoryBrowserSessionRepository()),
    auditLog: value(new InMemoryAuditLog()),
    signingKeyStore: value(new InMemorySigningKeyStore()),
    missions: value(new InMemoryMissionRepository({ runs })),
    runs: value(runs),
    triggers: value(new InMemoryTriggerRepository()),
    deliveries: value(new InMemoryDeliveryRepository()),
  };
}
