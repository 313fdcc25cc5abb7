import type { Usage, WorkspaceResource } from '../../../application/kernel/ports/usage.ts';
import { apiKeyTables } from '../../api-keys/index.ts';
import { missionTables } from '../../missions/index.ts';
import type { InMemoryStore } from '../../platform/memory/in-memory-store.ts';
import { runTables } from '../../runs/index.ts';
import { scheduleTables } from '../../schedules/index.ts';
import { triggerTables } from '../../triggers/index.ts';
import { workspaceTables } from '../../workspaces/index.ts';
import { webhookTables } from './webhook-tables.ts';

/**
 * Counts for the quotas on the in-memory store (one transaction at a time: no lock needed). It reads the
 * tables of every area a quota counts, so it lives in the last of them.
 */
export class InMemoryUsage implements Usage {
  readonly #store: InMemoryStore;

  constructor({ store }: { store: InMemoryStore }) {
    this.#store = store;
  }

  countInWorkspace(resource: WorkspaceResource, workspaceId: string): Promise<number> {
    return this.#store.atomically(() => {
      const store = this.#store;
      switch (resource) {
        case 'missions':
          return missionTables(store).missions.filter((m) => m.workspaceId === workspaceId).length;
        case 'schedules':
          return scheduleTables(store).schedules.filter((s) => s.workspaceId === workspaceId).length;
        case 'triggers':
          return triggerTables(store).triggers.filter(
            (t) => t.trigger.workspaceId === workspaceId && t.deletedAt === null,
          ).length;
        case 'webhook_endpoints':
          return webhookTables(store).webhookEndpoints.filter((e) => e.workspaceId === workspaceId).length;
        case 'api_keys':
          return apiKeyTables(store).apiKeys.filter(
            (k) => k.workspaceId === workspaceId && k.revokedAt === null,
          ).length;
      }
    });
  }

  countOwnedWorkspaces(userId: string): Promise<number> {
    return this.#store.atomically(() => {
      const { memberships, workspaces } = workspaceTables(this.#store);
      return memberships.filter(
        (m) => m.userId === userId && m.role === 'owner' && workspaces.get(m.workspaceId)?.personal === false,
      ).length;
    });
  }

  countQueuedRuns(missionId: string): Promise<number> {
    return this.#store.atomically(
      () =>
        runTables(this.#store).runs.filter((r) => r.missionId === missionId && r.status === 'queued').length,
    );
  }

  async queuedRunsReach(missionId: string, limit: number): Promise<boolean> {
    return (await this.countQueuedRuns(missionId)) >= limit;
  }

  hasQueuedRunOfSchedule(scheduleId: string): Promise<boolean> {
    return this.#store.atomically(
      () =>
        runTables(this.#store).runs.filter((r) => r.scheduleId === scheduleId && r.status === 'queued')
          .length > 0,
    );
  }
}
