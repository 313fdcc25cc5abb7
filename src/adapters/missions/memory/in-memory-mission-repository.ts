import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { MissionRepository } from '../../../application/missions/ports/mission-repository.ts';
import type { Mission } from '../../../domain/missions/mission.ts';
import { inMemoryRowRepository } from '../../platform/memory/in-memory-repository.ts';
import { missionTables } from './mission-tables.ts';

/**
 * Missions in the store. Deleting one deletes its runs, schedules and triggers: their tables cascade from
 * the missions table, as the database's do.
 */
export class InMemoryMissionRepository
  extends inMemoryRowRepository(missionTables, (tables) => tables.missions)
  implements MissionRepository
{
  listForWorkspace(workspaceId: string, page: PageRequest): Promise<Page<Mission>> {
    return this.pageWhere((m) => m.workspaceId === workspaceId, page, 'desc');
  }

  async update(mission: Mission): Promise<void> {
    await this.atomically(() =>
      this.tables.missions.update(mission.id, (stored) => {
        stored.name = mission.name;
        stored.description = mission.description;
        stored.definition = mission.definition;
        stored.policy = mission.policy;
        stored.updatedAt = mission.updatedAt;
      }),
    );
  }

  usesBlueprint(blueprintId: string): Promise<boolean> {
    return this.atomically(() => this.tables.missions.some((mission) => mission.blueprintId === blueprintId));
  }

  delete(id: string): Promise<void> {
    return this.atomically(() => {
      this.tables.missions.delete(id);
    });
  }
}
