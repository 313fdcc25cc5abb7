import {
  type Dataset,
  type DatasetItem,
  DatasetItemNotFound,
  type ItemDraft,
  newDataset,
  newItems,
} from '../../domain/evaluations/dataset.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { Page, PageRequest } from '../kernel/ports/page.ts';
import { type WorkspaceAccess, type WorkspaceList, workspaceList } from '../workspaces/index.ts';
import { accessibleDataset, type DatasetAccessDeps } from './accessible-dataset.ts';

export interface CreateDatasetInput {
  readonly workspace_id: string;
  readonly name: string;
  readonly description?: string;
}

export type CreateDataset = (principal: Principal, input: CreateDatasetInput) => Promise<Dataset>;
export type ListDatasets = WorkspaceList<Dataset>;
export type GetDataset = (principal: Principal, id: string) => Promise<Dataset>;
export type AddDatasetItems = (
  principal: Principal,
  id: string,
  items: readonly ItemDraft[],
) => Promise<number>;
export type ListDatasetItems = (
  principal: Principal,
  id: string,
  page: PageRequest,
) => Promise<Page<DatasetItem>>;
export type DeleteDatasetItem = (principal: Principal, itemId: string) => Promise<void>;

type Deps = DatasetAccessDeps & { readonly workspaceAccess: WorkspaceAccess; clock: Clock; ids: IdGenerator };

/** Admins and owners create a dataset in their workspace. */
export function makeCreateDataset(deps: Deps): CreateDataset {
  return async (principal, input) => {
    await deps.workspaceAccess(principal, input.workspace_id, 'admin');
    const dataset = newDataset({
      id: deps.ids.newId(),
      workspaceId: input.workspace_id,
      name: input.name,
      description: input.description,
      now: deps.clock.now(),
    });
    await deps.datasets.add(dataset);
    return dataset;
  };
}

/** Members page through their workspace's datasets, oldest first. */
export const makeListDatasets = workspaceList(
  'member',
  (deps: { readonly datasets: DatasetAccessDeps['datasets'] }, workspaceId, page) =>
    deps.datasets.listForWorkspace(workspaceId, page),
);

/** Members read a dataset of their workspace. */
export function makeGetDataset(deps: DatasetAccessDeps): GetDataset {
  return (principal, id) => accessibleDataset(deps, principal, id, 'member');
}

/** Admins and owners add 1 to 1,000 items to a dataset, all or none; answers how many. */
export function makeAddDatasetItems(deps: Deps): AddDatasetItems {
  return async (principal, id, drafts) => {
    const dataset = await accessibleDataset(deps, principal, id, 'admin');
    const items = newItems(drafts, {
      datasetId: dataset.id,
      newId: () => deps.ids.newId(),
      now: deps.clock.now(),
    });
    await deps.datasets.addItems(items);
    return items.length;
  };
}

/** Members page through a dataset's items, oldest first. */
export function makeListDatasetItems(deps: DatasetAccessDeps): ListDatasetItems {
  return async (principal, id, page) => {
    const dataset = await accessibleDataset(deps, principal, id, 'member');
    return deps.datasets.listItems(dataset.id, page);
  };
}

/** Admins and owners delete an item; evaluations that already copied it keep their copy. */
export function makeDeleteDatasetItem(deps: DatasetAccessDeps): DeleteDatasetItem {
  return async (principal, itemId) => {
    const item = await deps.datasets.findItem(itemId);
    if (!item) throw new DatasetItemNotFound();
    try {
      await accessibleDataset(deps, principal, item.datasetId, 'admin');
    } catch (error) {
      if ((error as { kind?: string }).kind === 'not_found') throw new DatasetItemNotFound();
      throw error;
    }
    if (!(await deps.datasets.deleteItem(itemId))) throw new DatasetItemNotFound();
  };
}
