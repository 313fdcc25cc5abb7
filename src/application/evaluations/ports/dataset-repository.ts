import type { Dataset, DatasetItem } from '../../../domain/evaluations/dataset.ts';
import type { Page, PageRequest } from '../../kernel/ports/page.ts';

/** Datasets and their items. Every method joins the surrounding `UnitOfWork` transaction when there is one. */
export interface DatasetRepository {
  add(dataset: Dataset): Promise<void>;
  findById(id: string): Promise<Dataset | undefined>;
  /** One page of the workspace's datasets, oldest first: ordered by (createdAt, id) ascending. */
  listForWorkspace(workspaceId: string, page: PageRequest): Promise<Page<Dataset>>;
  /** Stores the items (of one dataset) together: all or none. */
  addItems(items: readonly DatasetItem[]): Promise<void>;
  /** One page of the dataset's items, oldest first: ordered by (createdAt, id) ascending. */
  listItems(datasetId: string, page: PageRequest): Promise<Page<DatasetItem>>;
  /** The item, for the access check before deleting it (its dataset tells the workspace). */
  findItem(id: string): Promise<DatasetItem | undefined>;
  /** Deletes the item; false when there was none. Evaluations keep their copy of it. */
  deleteItem(id: string): Promise<boolean>;
}
