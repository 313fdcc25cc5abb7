import type { ThroughEvaluations } from '../../../composition/evaluations.ts';
import type { Dataset } from '../../../domain/evaluations/dataset.ts';
import * as answer from '../../platform/http/answers.ts';
import { idParams, locationHeader } from '../../platform/http/common-schemas.ts';
import { pageQuery } from '../../platform/http/pagination.ts';
import { created } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { type BearerInput, bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import {
  addItemsRequest,
  createDatasetRequest,
  dataset,
  datasetItem,
  importRequest,
  itemCount,
  itemFromRunRequest,
  workspaceListQuery,
} from './dataset-schemas.ts';
import { presentDataset, presentDatasetItem } from './evaluation-presenters.ts';

/** Datasets and their items: what evaluations run over. */
export function datasetRoutes(deps: ThroughEvaluations): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.workers);
  const datasetView: answer.View<Dataset> = { schema: dataset, present: presentDataset };
  const count = (n: number) => ({ count: n });
  return [
    bearer.post('/api/datasets', {
      operationId: 'createDataset',
      summary: 'Create a dataset (admins)',
      description:
        'A named set of examples (`input`, `expected`) that evaluations run a mission or an agent on.',
      body: createDatasetRequest,
      errors: [403, 404],
      ...answer.created(
        datasetView,
        { description: 'The new dataset.', headers: locationHeader('dataset', 'datasets') },
        ({ principal, body }) => deps.createDataset(principal, body as never),
        (made) => `/api/datasets/${made.id}`,
      ),
    }),
    bearer.get('/api/datasets', {
      operationId: 'listDatasets',
      summary: "A workspace's datasets",
      description: 'Any member. Oldest first.',
      query: workspaceListQuery,
      errors: [404],
      ...answer.page(datasetView, 'One page of datasets.', ({ principal, query }, page) =>
        deps.listDatasets(principal, query.workspace_id as string, page),
      ),
    }),
    bearer.get('/api/datasets/{id}', {
      operationId: 'getDataset',
      summary: 'A dataset',
      description: 'Its name and description; its items are listed at `GET /api/datasets/{id}/items`.',
      params: idParams,
      ...answer.one(datasetView, 'The dataset.', ({ principal, params }) =>
        deps.getDataset(principal, params.id),
      ),
    }),
    bearer.post('/api/datasets/{id}/items', {
      operationId: 'addDatasetItems',
      summary: 'Add 1 to 1,000 items to a dataset (admins)',
      description: 'All or none. `input` is any JSON value but null; `expected` and `metadata` are optional.',
      params: idParams,
      body: addItemsRequest,
      errors: [403],
      responses: { 201: { description: 'How many items were added.', schema: itemCount } },
      handler: async (ctx, { principal, params, body }) =>
        created(
          ctx,
          count(await deps.addDatasetItems(principal, params.id, (body as { items: never[] }).items)),
        ),
    }),
    bearer.get('/api/datasets/{id}/items', {
      operationId: 'listDatasetItems',
      summary: "A dataset's items",
      description: 'Oldest first.',
      params: idParams,
      query: pageQuery,
      ...answer.page(
        { schema: datasetItem, present: presentDatasetItem },
        'One page of items.',
        ({ principal, params }: BearerInput<'/api/datasets/{id}/items'>, page) =>
          deps.listDatasetItems(principal, params.id, page),
      ),
    }),
    bearer.post('/api/datasets/{id}/imports', {
      operationId: 'importDatasetItems',
      summary: 'Add the items of a file to a dataset (admins)',
      description:
        'NDJSON (one `{input, expected?, metadata?}` a line), or CSV (a `.csv` name or `text/csv` type) whose header ' +
        'names `input` and `expected` (and optionally `metadata`) columns: each cell is read as JSON when it parses, ' +
        'else kept as a string. All or none.',
      params: idParams,
      body: importRequest,
      errors: [403, 404],
      responses: { 201: { description: 'How many items were added.', schema: itemCount } },
      handler: async (ctx, { principal, params, body }) =>
        created(
          ctx,
          count(await deps.importDatasetItems(principal, params.id, (body as { file_id: string }).file_id)),
        ),
    }),
    bearer.post('/api/datasets/{id}/items/from-run', {
      operationId: 'addDatasetItemFromRun',
      summary: 'Copy a run into a dataset (admins)',
      description:
        "The run's input, and its output as `expected` unless given. An agent run is copied as `{message}` with " +
        "its answer's text as `expected`.",
      params: idParams,
      body: itemFromRunRequest,
      errors: [403, 404],
      ...answer.created(
        { schema: datasetItem, present: presentDatasetItem },
        'The new item.',
        ({ principal, params, body }) => deps.addItemFromRun(principal, params.id, body as never),
      ),
    }),
    bearer.delete('/api/dataset-items/{id}', {
      operationId: 'deleteDatasetItem',
      summary: 'Delete a dataset item (admins)',
      description: 'Evaluations that already started keep their copy of it.',
      params: idParams,
      errors: [403],
      ...answer.nothing('Deleted.', ({ principal, params }) => deps.deleteDatasetItem(principal, params.id)),
    }),
  ];
}
