import type { Router } from '@koa/router';
import type { Blueprint, BlueprintVersion } from '../../../domain/blueprints/index.ts';
import { InvalidInput } from '../../../domain/kernel/errors.ts';
import { blueprintGraph } from '../graph/blueprint-graph.ts';
import { html, type SafeHtml } from '../html.ts';
import { formatTime } from '../pages/layout.ts';
import type { WebDeps } from '../web-context.ts';
import { consoleGet, formError, sendConsole, workspaceOf } from './console-context.ts';
import { consoleLayout, curl, curlBox, field, pageOf, pager, table } from './kit.ts';

type PatchOperation = Awaited<ReturnType<WebDeps['diffBlueprintVersions']>>['patch'][number];

/** A version number of the query (`?from=`, `?to=`): a whole number from 1, else bad input. */
function versionOf(value: unknown, label: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^[1-9]\d{0,8}$/.test(value))
    throw new InvalidInput(`${label} must be a version number`);
  return Number(value);
}

/** Blueprints: the workspace's list, and one blueprint's versions with the diff between two of them. */
export function blueprintConsole(router: Router, deps: WebDeps): void {
  router.get('/console/w/:id/blueprints', async (ctx) => {
    const req = await consoleGet(ctx, deps);
    if (!req) return;
    const id = ctx.params.id as string;
    const view = await workspaceOf(deps, req, id);
    const blueprints = await deps.listBlueprints(req.principal, id, pageOf(ctx.query));
    const body = html`<section class="card"><h1>Blueprints</h1>
${table<Blueprint>(
  'Blueprints',
  [
    { label: 'Name', cell: (b) => html`<a href="/console/blueprints/${b.id}">${b.name}</a>` },
    { label: 'Latest version', cell: (b) => b.latestVersion },
    { label: 'Updated', cell: (b) => formatTime(b.updatedAt) },
  ],
  blueprints.items,
  'No blueprints yet.',
)}
${pager(`/console/w/${id}/blueprints`, {}, blueprints.next)}
</section>
${curlBox(curl('GET', `/api/blueprints?workspace_id=${id}`))}`;
    sendConsole(
      ctx,
      consoleLayout({ title: 'Blueprints', viewer: req.viewer, workspace: view.workspace }, body),
    );
  });

  router.get('/console/blueprints/:blueprint', async (ctx) => {
    const req = await consoleGet(ctx, deps);
    if (!req) return;
    const blueprintId = ctx.params.blueprint as string;
    const blueprint = await deps.getBlueprint(req.principal, blueprintId);
    const view = await workspaceOf(deps, req, blueprint.workspaceId);
    const versions = await deps.listBlueprintVersions(req.principal, blueprintId, pageOf(ctx.query, 200));
    let diff: SafeHtml | undefined;
    let graph: SafeHtml | undefined;
    let error: { status: number; message: string } | undefined;
    let shown = blueprint.latestVersion;
    try {
      shown = versionOf(ctx.query.version, 'Version') ?? shown;
      const version = await deps.getBlueprintVersion(req.principal, blueprintId, shown);
      graph = await blueprintGraph(deps.graphLayout, version.graph, `${blueprint.name}, version ${shown}`);
      const from = versionOf(ctx.query.from, 'From');
      const to = versionOf(ctx.query.to, 'To');
      if (from !== undefined && to !== undefined) {
        const { patch } = await deps.diffBlueprintVersions(req.principal, blueprintId, from, to);
        diff = html`<section class="card" aria-labelledby="diff-title"><h2 id="diff-title">Changes from version ${from} to ${to}</h2>
${table<PatchOperation>(
  'Changes',
  [
    { label: 'Change', cell: (op) => op.op },
    { label: 'Path', cell: (op) => html`<code>${op.path}</code>` },
    { label: 'Value', cell: (op) => ('value' in op ? html`<code>${JSON.stringify(op.value)}</code>` : '') },
  ],
  patch,
  'The two versions have the same graph.',
)}
</section>`;
      }
    } catch (thrown) {
      error = formError(thrown);
    }
    const numbers = versions.items.map((v) => String(v.version));
    const latest = String(blueprint.latestVersion);
    const previous = String(Math.max(1, blueprint.latestVersion - 1));
    const body = html`<section class="card"><h1>${blueprint.name}</h1>
${blueprint.description && html`<p>${blueprint.description}</p>`}
${table<BlueprintVersion>(
  'Versions',
  [
    {
      label: 'Version',
      cell: (v) =>
        html`<a href="/console/blueprints/${blueprint.id}?version=${v.version}" aria-label="Graph of version ${v.version}">${v.version}</a>`,
    },
    { label: 'Nodes', cell: (v) => v.graph.nodes.length },
    { label: 'Note', cell: (v) => v.note ?? '' },
    { label: 'Created', cell: (v) => formatTime(v.createdAt) },
  ],
  versions.items,
  'No versions.',
)}
<form method="get" action="/console/blueprints/${blueprint.id}" class="filters">
${field({ name: 'from', label: 'From version', options: numbers, value: String(ctx.query.from ?? previous) })}
${field({ name: 'to', label: 'To version', options: numbers, value: String(ctx.query.to ?? latest) })}
<button type="submit">Compare</button>
</form>
</section>
${graph}
${diff}
${curlBox(curl('GET', `/api/blueprints/${blueprint.id}/versions`), curl('GET', `/api/blueprints/${blueprint.id}/versions/${shown}`), curl('GET', `/api/blueprints/${blueprint.id}/versions/${previous}/diff/${latest}`))}`;
    const page = {
      title: blueprint.name,
      viewer: req.viewer,
      workspace: view.workspace,
      error: error?.message,
    };
    sendConsole(ctx, consoleLayout(page, body), error?.status);
  });
}
