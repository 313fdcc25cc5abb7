import type { Blueprint } from '../../../domain/blueprints/blueprint.ts';
import type { BlueprintVersion } from '../../../domain/blueprints/blueprint-version.ts';
import type { Page, PageRequest } from '../../kernel/ports/page.ts';

/** Blueprints and their immutable versions. Every method joins the surrounding `UnitOfWork` transaction. */
export interface BlueprintRepository {
  /** Stores a new blueprint with its version 1, together. */
  add(blueprint: Blueprint, first: BlueprintVersion): Promise<void>;
  findById(id: string): Promise<Blueprint | undefined>;
  /** One page of the workspace's blueprints, newest first: ordered by (createdAt, id) descending. */
  listForWorkspace(workspaceId: string, page: PageRequest): Promise<Page<Blueprint>>;
  /**
   * Locks the blueprint, lets `change` change it (it may throw: nothing is then stored) and stores it.
   * Undefined when there is no such blueprint.
   */
  update(id: string, change: (blueprint: Blueprint) => void): Promise<Blueprint | undefined>;
  /**
   * Locks the blueprint and stores the version `make` returns (it numbers it with `Blueprint.nextVersion`,
   * which may throw: nothing is then stored) with the blueprint's new latest version, so two concurrent
   * versions never get one number. Undefined when there is no such blueprint.
   */
  addVersion(
    id: string,
    make: (blueprint: Blueprint) => BlueprintVersion,
  ): Promise<{ blueprint: Blueprint; version: BlueprintVersion } | undefined>;
  /** Deletes the blueprint and its versions. */
  delete(id: string): Promise<void>;
  findVersion(blueprintId: string, version: number): Promise<BlueprintVersion | undefined>;
  /** One page of the blueprint's versions, oldest first: ordered by (createdAt, id) ascending. */
  listVersions(blueprintId: string, page: PageRequest): Promise<Page<BlueprintVersion>>;
}
