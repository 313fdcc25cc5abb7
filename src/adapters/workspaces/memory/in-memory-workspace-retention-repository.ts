import type { WorkspaceRetentionRepository } from '../../../application/workspaces/ports/workspace-retention-repository.ts';
import {
  NO_WORKSPACE_RETENTION,
  WORKSPACE_RETENTION_SETTINGS,
  type WorkspaceRetention,
} from '../../../domain/kernel/retention.ts';
import { inMemoryRepository } from '../../platform/memory/in-memory-repository.ts';
import { workspaceTables } from './workspace-tables.ts';

/** The days workspaces set, in the store (gone with their workspace). */
export class InMemoryWorkspaceRetentionRepository
  extends inMemoryRepository(workspaceTables)
  implements WorkspaceRetentionRepository
{
  find(workspaceId: string): Promise<WorkspaceRetention> {
    return this.atomically(({ retention }) => {
      const row = retention.get(workspaceId);
      return row ? withoutId(row) : NO_WORKSPACE_RETENTION;
    });
  }

  save(workspaceId: string, values: WorkspaceRetention): Promise<void> {
    return this.atomically(({ retention }) => {
      if (WORKSPACE_RETENTION_SETTINGS.every((setting) => values[setting] === null))
        retention.delete(workspaceId);
      else retention.put({ ...values, workspaceId });
    });
  }

  listSet(): Promise<ReadonlyMap<string, WorkspaceRetention>> {
    return this.atomically(
      ({ retention }) => new Map(retention.all().map((row) => [row.workspaceId, withoutId(row)])),
    );
  }
}

function withoutId({ workspaceId: _, ...values }: WorkspaceRetention & { workspaceId: string }) {
  return values;
}
