import type { BlueprintRepository } from '../../../application/blueprints/ports/blueprint-repository.ts';
import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { Blueprint } from '../../../domain/blueprints/blueprint.ts';
import type { BlueprintVersion } from '../../../domain/blueprints/blueprint-version.ts';
import { afterPosition, toPage } from '../../platform/postgres/keyset.ts';
import { PostgresRepository } from '../../platform/postgres/postgres-repository.ts';
import { SqlParameters } from '../../platform/postgres/sql-parameters.ts';
import {
  BLUEPRINT_COLUMNS,
  type BlueprintRow,
  blueprintValues,
  toBlueprint,
  toVersion,
  VERSION_COLUMNS,
  type VersionRow,
  versionValues,
} from './blueprint-rows.ts';

const INSERT_VERSION = `insert into blueprint_versions (${VERSION_COLUMNS})
  values ($1, $2, $3, $4::json, $5, $6, $7, $8)`;

/** Blueprints in `blueprints`, their versions in `blueprint_versions` (numbered under the blueprint's row lock). */
export class PostgresBlueprintRepository extends PostgresRepository implements BlueprintRepository {
  add(blueprint: Blueprint, first: BlueprintVersion): Promise<void> {
    return this.db.transaction(async () => {
      await this.db.query(
        `insert into blueprints (${BLUEPRINT_COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7)`,
        blueprintValues(blueprint),
      );
      await this.db.query(INSERT_VERSION, versionValues(first));
    });
  }

  async findById(id: string): Promise<Blueprint | undefined> {
    const [row] = await this.db.query<BlueprintRow>(
      `select ${BLUEPRINT_COLUMNS} from blueprints where id = $1`,
      [id],
    );
    return row && toBlueprint(row);
  }

  async listForWorkspace(workspaceId: string, page: PageRequest): Promise<Page<Blueprint>> {
    const params = new SqlParameters();
    let where = `workspace_id = ${params.add(workspaceId)}`;
    where += afterPosition('created_at, id', page, 'desc', params);
    const rows = await this.db.query<BlueprintRow>(
      `select ${BLUEPRINT_COLUMNS} from blueprints where ${where}
        order by created_at desc, id desc limit ${params.add(page.limit + 1)}`,
      params.values,
    );
    return toPage(rows.map(toBlueprint), page.limit, (blueprint) => blueprint);
  }

  update(id: string, change: (blueprint: Blueprint) => void): Promise<Blueprint | undefined> {
    return this.db.transaction(async () => {
      const blueprint = await this.#lock(id);
      if (!blueprint) return undefined;
      change(blueprint);
      await this.#store(blueprint);
      return blueprint;
    });
  }

  addVersion(
    id: string,
    make: (blueprint: Blueprint) => BlueprintVersion,
  ): Promise<{ blueprint: Blueprint; version: BlueprintVersion } | undefined> {
    return this.db.transaction(async () => {
      const blueprint = await this.#lock(id);
      if (!blueprint) return undefined;
      const version = make(blueprint);
      await this.db.query(INSERT_VERSION, versionValues(version));
      await this.#store(blueprint);
      return { blueprint, version };
    });
  }

  async delete(id: string): Promise<void> {
    await this.db.query('delete from blueprints where id = $1', [id]);
  }

  async findVersion(blueprintId: string, version: number): Promise<BlueprintVersion | undefined> {
    const [row] = await this.db.query<VersionRow>(
      `select ${VERSION_COLUMNS} from blueprint_versions where blueprint_id = $1 and version = $2`,
      [blueprintId, version],
    );
    return row && toVersion(row);
  }

  async listVersions(blueprintId: string, page: PageRequest): Promise<Page<BlueprintVersion>> {
    const params = new SqlParameters();
    let where = `blueprint_id = ${params.add(blueprintId)}`;
    where += afterPosition('created_at, id', page, 'asc', params);
    const rows = await this.db.query<VersionRow>(
      `select ${VERSION_COLUMNS} from blueprint_versions where ${where}
        order by created_at, id limit ${params.add(page.limit + 1)}`,
      params.values,
    );
    return toPage(rows.map(toVersion), page.limit, (version) => version);
  }

  async #lock(id: string): Promise<Blueprint | undefined> {
    const [row] = await this.db.query<BlueprintRow>(
      `select ${BLUEPRINT_COLUMNS} from blueprints where id = $1 for update`,
      [id],
    );
    return row && toBlueprint(row);
  }

  async #store(blueprint: Blueprint): Promise<void> {
    await this.db.query(
      'update blueprints set name = $2, description = $3, latest_version = $4, updated_at = $5 where id = $1',
      [blueprint.id, blueprint.name, blueprint.description, blueprint.latestVersion, blueprint.updatedAt],
    );
  }
}
