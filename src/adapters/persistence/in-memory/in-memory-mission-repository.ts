import type { MissionRepository } from '../../../application/ports/mission-repository.ts';
import type { Page, PageRequest } from '../../../application/ports/page.ts';
import { Mission } from '../../../domain/missions/mission.ts';
import { pageOf } from './in-memory-page.ts';
import type { InMemoryRunRepository } from './in-memory-run-repository.ts';

/** Missions in a Map; copies in and out. Deleting a mission deletes its runs, as the database does. */
export class InMemoryMissionRepository implements MissionRepository {
  readonly #missions = new Map<string, Mission>();
  readonly #runs: InMemoryRunRepository | undefined;

  constructor({ runs }: { runs?: InMemoryRunRepository } = {}) {
    this.#runs = runs;
  }

  async add(mission: Mission): Promise<void> {
    this.#missions.set(mission.id, new Mission(mission));
  }

  async findById(id: string): Promise<Mission | undefined> {
    const mission = this.#missions.get(id);
    return mission && new Mission(mission);
  }

  async listForWorkspace(workspaceId: string, page: PageRequest): Promise<Page<Mission>> {
    const missions = [...this.#missions.values()].filter((m) => m.workspaceId === workspaceId);
    const result = pageOf(missions, (m) => m, page, 'desc');
    return { items: result.items.map((m) => new Mission(m)), next: result.next };
  }

  async update(mission: Mission): Promise<void> {
    if (this.#missions.has(mission.id)) this.#missions.set(mission.id, new Mission(mission));
  }

  async delete(id: string): Promise<void> {
    this.#missions.delete(id);
    this.#runs?.deleteForMission(id);
  }
}
