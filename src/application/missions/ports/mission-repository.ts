import type { Mission } from '../../../domain/missions/mission.ts';
import type { Page, PageRequest } from '../../kernel/ports/page.ts';

export interface MissionRepository {
  add(mission: Mission): Promise<void>;
  findById(id: string): Promise<Mission | undefined>;
  /** One page of the workspace's missions, newest first: ordered by (createdAt, id) descending. */
  listForWorkspace(workspaceId: string, page: PageRequest): Promise<Page<Mission>>;
  /** Stores the mission's name, description, definition, policy and updatedAt. */
  update(mission: Mission): Promise<void>;
  /** Whether any mission runs blueprint `blueprintId` (it is then not deleted). */
  usesBlueprint(blueprintId: string): Promise<boolean>;
  /** Deletes the mission and its runs. */
  delete(id: string): Promise<void>;
}
