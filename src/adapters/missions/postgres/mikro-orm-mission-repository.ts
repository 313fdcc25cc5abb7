import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { MissionRepository } from '../../../application/missions/ports/mission-repository.ts';
import { Mission } from '../../../domain/missions/mission.ts';
import { toPage } from '../../platform/postgres/keyset.ts';
import { PostgresRepository } from '../../platform/postgres/postgres-repository.ts';

/** Missions through MikroORM (`MissionSchema`): plain rows of one table, on no hot path. */
export class MikroOrmMissionRepository extends PostgresRepository implements MissionRepository {
  async add(mission: Mission): Promise<void> {
    await this.db.entityManager().persist(new Mission(mission)).flush();
  }

  async findById(id: string): Promise<Mission | undefined> {
    const found = await this.db.entityManager().findOne(Mission, { id }, { disableIdentityMap: true });
    return found ?? undefined;
  }

  async listForWorkspace(workspaceId: string, page: PageRequest): Promise<Page<Mission>> {
    const after = page.after;
    const missions = await this.db.entityManager().find(
      Mission,
      after
        ? {
            workspaceId,
            $or: [
              { createdAt: { $lt: after.createdAt } },
              { createdAt: after.createdAt, id: { $lt: after.id } },
            ],
          }
        : { workspaceId },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit + 1, disableIdentityMap: true },
    );
    return toPage(missions, page.limit, (mission) => mission);
  }

  async update(mission: Mission): Promise<void> {
    await this.db.entityManager().nativeUpdate(
      Mission,
      { id: mission.id },
      {
        name: mission.name,
        description: mission.description,
        definition: mission.definition,
        policy: mission.policy,
        updatedAt: mission.updatedAt,
      },
    );
  }

  async usesBlueprint(blueprintId: string): Promise<boolean> {
    return (await this.db.entityManager().count(Mission, { blueprintId })) > 0;
  }

  async delete(id: string): Promise<void> {
    await this.db.entityManager().nativeDelete(Mission, { id });
  }
}
