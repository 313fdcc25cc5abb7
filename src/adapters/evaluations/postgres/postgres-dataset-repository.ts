import type { DatasetRepository } from '../../../application/evaluations/ports/dataset-repository.ts';
import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { Dataset, DatasetItem } from '../../../domain/evaluations/dataset.ts';
import type { JsonObject } from '../../../domain/kernel/json-document.ts';
import { jsonParam } from '../../platform/postgres/insert-rows.ts';
import { afterPosition, toPage } from '../../platform/postgres/keyset.ts';
import { PostgresRepository } from '../../platform/postgres/postgres-repository.ts';
import { SqlParameters } from '../../platform/postgres/sql-parameters.ts';

type Row = Record<string, unknown>;
const ITEM_COLUMNS = 'id, dataset_id, input, expected, metadata, created_at';

const toDataset = (row: Row): Dataset => ({
  id: row.id as string,
  workspaceId: row.workspace_id as string,
  name: row.name as string,
  description: row.description as string,
  createdAt: new Date(row.created_at as string),
});

const toItem = (row: Row): DatasetItem => ({
  id: row.id as string,
  datasetId: row.dataset_id as string,
  input: row.input,
  expected: row.expected ?? null,
  metadata: (row.metadata as JsonObject | null) ?? null,
  createdAt: new Date(row.created_at as string),
});

/** Datasets in `datasets`, their items in `dataset_items` (a batch of items is one statement). */
export class PostgresDatasetRepository extends PostgresRepository implements DatasetRepository {
  async add(dataset: Dataset): Promise<void> {
    await this.db.query(
      'insert into datasets (id, workspace_id, name, description, created_at) values ($1, $2, $3, $4, $5)',
      [dataset.id, dataset.workspaceId, dataset.name, dataset.description, dataset.createdAt],
    );
  }

  async findById(id: string): Promise<Dataset | undefined> {
    const [row] = await this.db.query<Row>('select * from datasets where id = $1', [id]);
    return row && toDataset(row);
  }

  async listForWorkspace(workspaceId: string, page: PageRequest): Promise<Page<Dataset>> {
    const params = new SqlParameters();
    const rows = await this.db.query<Row>(
      `select * from datasets where workspace_id = ${params.add(workspaceId)}
       ${afterPosition('created_at, id', page, 'asc', params)}
       order by created_at, id limit ${params.add(page.limit + 1)}`,
      params.values,
    );
    return toPage(rows.map(toDataset), page.limit, (dataset) => dataset);
  }

  async addItems(items: readonly DatasetItem[]): Promise<void> {
    if (items.length === 0) return;
    await this.db.query(
      `insert into dataset_items (${ITEM_COLUMNS})
       select * from unnest($1::uuid[], $2::uuid[], $3::jsonb[], $4::jsonb[], $5::jsonb[], $6::timestamptz[])`,
      [
        items.map((item) => item.id),
        items.map((item) => item.datasetId),
        items.map((item) => jsonParam(item.input)),
        items.map((item) => (item.expected === null ? null : jsonParam(item.expected))),
        items.map((item) => jsonParam(item.metadata)),
        items.map((item) => item.createdAt),
      ],
    );
  }

  async listItems(datasetId: string, page: PageRequest): Promise<Page<DatasetItem>> {
    const params = new SqlParameters();
    const rows = await this.db.query<Row>(
      `select ${ITEM_COLUMNS} from dataset_items where dataset_id = ${params.add(datasetId)}
       ${afterPosition('created_at, id', page, 'asc', params)}
       order by created_at, id limit ${params.add(page.limit + 1)}`,
      params.values,
    );
    return toPage(rows.map(toItem), page.limit, (item) => item);
  }

  async findItem(id: string): Promise<DatasetItem | undefined> {
    const [row] = await this.db.query<Row>(`select ${ITEM_COLUMNS} from dataset_items where id = $1`, [id]);
    return row && toItem(row);
  }

  async deleteItem(id: string): Promise<boolean> {
    const rows = await this.db.query('delete from dataset_items where id = $1 returning id', [id]);
    return rows.length === 1;
  }
}
