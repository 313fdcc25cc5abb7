import type { DatasetRepository } from '../../../application/evaluations/ports/dataset-repository.ts';
import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { Dataset, DatasetItem } from '../../../domain/evaluations/dataset.ts';
import { pageOfRows } from '../../platform/memory/in-memory-page.ts';
import { inMemoryRowRepository } from '../../platform/memory/in-memory-repository.ts';
import { evaluationTables } from './evaluation-tables.ts';

/** Datasets and their items in the store. */
export class InMemoryDatasetRepository
  extends inMemoryRowRepository(evaluationTables, (tables) => tables.datasets)
  implements DatasetRepository
{
  override add(dataset: Dataset): Promise<void> {
    return this.atomically(({ datasets }) => datasets.put(dataset));
  }

  listForWorkspace(workspaceId: string, page: PageRequest): Promise<Page<Dataset>> {
    return this.pageWhere((dataset) => dataset.workspaceId === workspaceId, page, 'asc');
  }

  addItems(items: readonly DatasetItem[]): Promise<void> {
    return this.atomically((tables) => {
      for (const item of items) tables.items.put(item);
    });
  }

  listItems(datasetId: string, page: PageRequest): Promise<Page<DatasetItem>> {
    return this.atomically(({ items }) =>
      pageOfRows(
        items.filter((item) => item.datasetId === datasetId),
        page,
        'asc',
      ),
    );
  }

  findItem(id: string): Promise<DatasetItem | undefined> {
    return this.atomically(({ items }) => items.get(id));
  }

  deleteItem(id: string): Promise<boolean> {
    return this.atomically(({ items }) => items.delete(id));
  }
}
