import type { BlueprintRepository } from '../../../application/blueprints/ports/blueprint-repository.ts';
import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { Blueprint } from '../../../domain/blueprints/blueprint.ts';
import type { BlueprintVersion } from '../../../domain/blueprints/blueprint-version.ts';
import { pageOf } from '../../platform/memory/in-memory-page.ts';
import type { InMemoryStore } from '../../platform/memory/in-memory-store.ts';
import { blueprintTables } from './blueprint-tables.ts';

/** Blueprints and versions in the store; each step runs alone, so `addVersion` needs no lock of its own. */
export class InMemoryBlueprintRepository implements BlueprintRepository {
  readonly #store: InMemoryStore;

  constructor({ store }: { store: InMemoryStore }) {
    this.#store = store;
  }

  add(blueprint: Blueprint, first: BlueprintVersion): Promise<void> {
    return this.#store.atomically(() => {
      blueprintTables(this.#store).blueprints.put(blueprint);
      blueprintTables(this.#store).versions.put(first);
    });
  }

  findById(id: string): Promise<Blueprint | undefined> {
    return this.#store.atomically(() => blueprintTables(this.#store).blueprints.get(id));
  }

  listForWorkspace(workspaceId: string, page: PageRequest): Promise<Page<Blueprint>> {
    return this.#store.atomically(() =>
      pageOf(
        blueprintTables(this.#store).blueprints.filter((b) => b.workspaceId === workspaceId),
        (b) => b,
        page,
        'desc',
      ),
    );
  }

  update(id: string, change: (blueprint: Blueprint) => void): Promise<Blueprint | undefined> {
    return this.#store.atomically(() => blueprintTables(this.#store).blueprints.update(id, change));
  }

  addVersion(
    id: string,
    make: (blueprint: Blueprint) => BlueprintVersion,
  ): Promise<{ blueprint: Blueprint; version: BlueprintVersion } | undefined> {
    return this.#store.atomically(() => {
      const blueprint = blueprintTables(this.#store).blueprints.get(id);
      if (!blueprint) return undefined;
      const version = make(blueprint);
      blueprintTables(this.#store).blueprints.put(blueprint);
      blueprintTables(this.#store).versions.put(version);
      return { blueprint, version };
    });
  }

  delete(id: string): Promise<void> {
    return this.#store.atomically(() => {
      blueprintTables(this.#store).blueprints.delete(id);
    });
  }

  findVersion(blueprintId: string, version: number): Promise<BlueprintVersion | undefined> {
    return this.#store.atomically(() =>
      blueprintTables(this.#store).versions.get(`${blueprintId}/${version}`),
    );
  }

  listVersions(blueprintId: string, page: PageRequest): Promise<Page<BlueprintVersion>> {
    return this.#store.atomically(() =>
      pageOf(
        blueprintTables(this.#store).versions.filter((v) => v.blueprintId === blueprintId),
        (v) => v,
        page,
        'asc',
      ),
    );
  }
}
