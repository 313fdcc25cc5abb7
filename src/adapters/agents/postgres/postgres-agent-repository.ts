import type { AgentRepository } from '../../../application/agents/ports/agent-repository.ts';
import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import { type Agent, AgentNameTaken, type AgentVersion } from '../../../domain/agents/agent.ts';
import { afterPosition, toPage } from '../../platform/postgres/keyset.ts';
import { PostgresRepository } from '../../platform/postgres/postgres-repository.ts';
import { SqlParameters } from '../../platform/postgres/sql-parameters.ts';
import { isUniqueViolation } from '../../platform/postgres/unique-violation.ts';
import {
  AGENT_COLUMNS,
  agentValues,
  type Row,
  toAgent,
  toVersion,
  VERSION_COLUMNS,
  versionValues,
} from './agent-rows.ts';

const INSERT_VERSION = `insert into agent_versions (${VERSION_COLUMNS})
  values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9)`;

/** Agents in `agents` (names unique per workspace: a constraint), versions in `agent_versions`. */
export class PostgresAgentRepository extends PostgresRepository implements AgentRepository {
  add(agent: Agent, first: AgentVersion): Promise<void> {
    return this.#named(() =>
      this.db.transaction(async () => {
        await this.db.query(
          `insert into agents (${AGENT_COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7)`,
          agentValues(agent),
        );
        await this.db.query(INSERT_VERSION, versionValues(first));
      }),
    );
  }

  async findById(id: string): Promise<Agent | undefined> {
    const [row] = await this.db.query<Row>(`select ${AGENT_COLUMNS} from agents where id = $1`, [id]);
    return row && toAgent(row);
  }

  async listForWorkspace(workspaceId: string, page: PageRequest): Promise<Page<Agent>> {
    const params = new SqlParameters();
    let where = `workspace_id = ${params.add(workspaceId)}`;
    where += afterPosition('created_at, id', page, 'asc', params);
    const rows = await this.db.query<Row>(
      `select ${AGENT_COLUMNS} from agents where ${where} order by created_at, id limit ${params.add(page.limit + 1)}`,
      params.values,
    );
    return toPage(rows.map(toAgent), page.limit, (agent) => agent);
  }

  addVersion(
    id: string,
    make: (agent: Agent) => AgentVersion,
  ): Promise<{ agent: Agent; version: AgentVersion } | undefined> {
    return this.#named(() =>
      this.db.transaction(async () => {
        const [row] = await this.db.query<Row>(
          `select ${AGENT_COLUMNS} from agents where id = $1 for update`,
          [id],
        );
        if (!row) return undefined;
        const agent = toAgent(row);
        const version = make(agent);
        await this.db.query(
          'update agents set name = $2, description = $3, latest_version = $4, updated_at = $5 where id = $1',
          [agent.id, agent.name, agent.description, agent.latestVersion, agent.updatedAt],
        );
        await this.db.query(INSERT_VERSION, versionValues(version));
        return { agent, version };
      }),
    );
  }

  async findVersion(agentId: string, version: number): Promise<AgentVersion | undefined> {
    const [row] = await this.db.query<Row>(
      `select ${VERSION_COLUMNS} from agent_versions where agent_id = $1 and version = $2`,
      [agentId, version],
    );
    return row && toVersion(row);
  }

  async delete(id: string): Promise<void> {
    await this.db.query('delete from agents where id = $1', [id]);
  }

  async #named<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AgentNameTaken();
      throw error;
    }
  }
}
