import type { Router } from '@koa/router';
import type { Context } from 'koa';
import type { Dataset, DatasetItem } from '../../../domain/evaluations/index.ts';
import { html } from '../html.ts';
import { formatTime } from '../pages/layout.ts';
import { seeOther, type WebDeps } from '../web-context.ts';
import { type ConsoleRequest, requiredText, workspaceOf } from './console-context.ts';
import {
  type FormRefusal,
  itemPageRoutes,
  sendConsolePage,
  workspacePageRoutes,
} from './console-handlers.ts';
import { jsonArea, jsonCell, jsonOf } from './evaluation-kit.ts';
import { curl, curlBox, field, pageOf, pager, postForm, shortId, table } from './kit.ts';

const NOTICES: Record<string, string> = {
  created: 'The dataset was created.',
  'item-added': 'The item was added.',
};

/** Datasets: the workspace's list (create one), and a dataset's items (add one, its input and expected as JSON). */
export function datasetConsole(router: Router, deps: WebDeps): void {
  const listPage = async (ctx: Context, req: ConsoleRequest, id: string, error?: FormRefusal) => {
    const view = await workspaceOf(deps, req, id);
    const datasets = await deps.listDatasets(req.principal, id, pageOf(ctx.query));
    const body = html`<section class="card"><h1>Datasets</h1>
${table<Dataset>(
  'Datasets',
  [
    { label: 'Name', cell: (d) => html`<a href="/console/datasets/${d.id}">${d.name}</a>` },
    { label: 'Description', cell: (d) => d.description },
    { label: 'Created', cell: (d) => formatTime(d.createdAt) },
  ],
  datasets.items,
  'No datasets yet.',
)}
${pager(`/console/w/${id}/datasets`, {}, datasets.next)}
</section>
<section class="card"><h2>New dataset</h2>
${postForm(
  req.viewer,
  `/console/w/${id}/datasets`,
  'Create dataset',
  html`${field({ name: 'name', label: 'Name', required: true, value: req.form?.name })}
${field({ name: 'description', label: 'Description (optional)', value: req.form?.description })}`,
)}
</section>
${curlBox(curl('GET', `/api/datasets?workspace_id=${id}`), curl('POST', '/api/datasets', { workspace_id: id, name: 'capitals' }))}`;
    sendConsolePage(ctx, req, { title: 'Datasets', workspace: view.workspace, error }, body);
  };

  workspacePageRoutes(router, deps, {
    path: '/console/w/:id/datasets',
    render: listPage,
    submit: async (ctx, req, workspaceId) => {
      const description = (req.form.description ?? '').trim();
      const dataset = await deps.createDataset(req.principal, {
        workspace_id: workspaceId,
        name: requiredText(req.form, 'name', 'the name', 100),
        ...(description && { description }),
      });
      seeOther(ctx, `/console/datasets/${dataset.id}?notice=created`);
    },
  });

  const datasetPage = async (ctx: Context, req: ConsoleRequest, id: string, error?: FormRefusal) => {
    const dataset = await deps.getDataset(req.principal, id);
    const view = await workspaceOf(deps, req, dataset.workspaceId);
    const items = await deps.listDatasetItems(req.principal, id, pageOf(ctx.query));
    const body = html`<section class="card"><h1>${dataset.name}</h1>
${dataset.description && html`<p>${dataset.description}</p>`}
<p><a href="/console/w/${dataset.workspaceId}/evaluations?dataset=${dataset.id}">Evaluate on this dataset</a></p>
${table<DatasetItem>(
  'Items',
  [
    { label: 'Item', cell: (i) => html`<code>${shortId(i.id)}</code>` },
    { label: 'Input', cell: (i) => jsonCell(i.input) },
    { label: 'Expected', cell: (i) => jsonCell(i.expected) },
    { label: 'Metadata', cell: (i) => jsonCell(i.metadata) },
    { label: 'Added', cell: (i) => formatTime(i.createdAt) },
  ],
  items.items,
  'No items yet.',
)}
${pager(`/console/datasets/${id}`, {}, items.next)}
</section>
<section class="card"><h2>Add an item</h2>
${postForm(
  req.viewer,
  `/console/datasets/${id}/items`,
  'Add item',
  html`${jsonArea({ name: 'input', label: 'Input', value: req.form?.input, hint: 'JSON, for example {"message": "Capital of France?"} or "Paris" (quoted) or 42.' })}
${jsonArea({ name: 'expected', label: 'Expected (optional)', value: req.form?.expected, hint: 'JSON: what the scorers compare the output with.' })}
${jsonArea({ name: 'metadata', label: 'Metadata (optional)', value: req.form?.metadata, hint: 'A JSON object kept with the item.', rows: 2 })}`,
)}
</section>
${curlBox(curl('GET', `/api/datasets/${id}/items`), curl('POST', `/api/datasets/${id}/items`, { items: [{ input: { message: 'Capital of France?' }, expected: 'Paris' }] }))}`;
    const notice = NOTICES[String(ctx.query.notice)];
    sendConsolePage(ctx, req, { title: dataset.name, workspace: view.workspace, notice, error }, body);
  };

  itemPageRoutes(router, deps, {
    path: '/console/datasets/:dataset',
    page: datasetPage,
    refused: datasetPage,
    forms: {
      items: async (ctx, req, id) => {
        const input = jsonOf(req.form, 'input', 'the input', true);
        const expected = jsonOf(req.form, 'expected', 'the expected output');
        const metadata = jsonOf(req.form, 'metadata', 'the metadata');
        await deps.addDatasetItems(req.principal, id, [{ input, expected, metadata }]);
        seeOther(ctx, `/console/datasets/${id}?notice=item-added`);
      },
    },
  });
}
