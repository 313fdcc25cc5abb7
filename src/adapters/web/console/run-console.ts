import type { Router } from '@koa/router';
import type { Context } from 'koa';
import type { BulkRunAction, BulkRunFilter, BulkRunResult } from '../../../application/runs/index.ts';
import { InvalidInput } from '../../../domain/kernel/errors.ts';
import type { RunSummary } from '../../../domain/runs/index.ts';
import { RUN_STATUSES, type RunStatus } from '../../../domain/runs/index.ts';
import { html } from '../html.ts';
import { formatTime } from '../pages/layout.ts';
import type { WebDeps } from '../web-context.ts';
import {
  type ConsoleRequest,
  consoleGet,
  consolePost,
  formError,
  sendConsole,
  UUID,
  workspaceOf,
} from './console-context.ts';
import { consoleLayout, csrf, curl, curlBox, field, pageOf, pager, shortId, table } from './kit.ts';

/** The filters of the runs page, as the query (and the bulk form's hidden fields) carry them. */
type RunQuery = {
  readonly mission?: string | undefined;
  readonly status?: string | undefined;
  readonly after?: string | undefined;
  readonly before?: string | undefined;
};

const FILTERS = ['mission', 'status', 'after', 'before'] as const;

/** A `datetime-local` value (or an RFC 3339 time) read as UTC. */
export function utcTime(value: string | undefined, label: string): Date | undefined {
  if (!value) return undefined;
  const date = new Date(/(Z|[+-]\d\d:\d\d)$/.test(value) ? value : `${value}Z`);
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value) || Number.isNaN(date.getTime())) {
    throw new InvalidInput(`${label} is not a date and time`);
  }
  return date;
}

function filterOf(workspaceId: string, query: RunQuery): BulkRunFilter {
  if (query.mission && !UUID.test(query.mission)) throw new InvalidInput('choose a mission from the list');
  if (query.status && !RUN_STATUSES.includes(query.status as RunStatus))
    throw new InvalidInput('choose a status from the list');
  return {
    workspaceId,
    missionId: query.mission || undefined,
    status: (query.status || undefined) as RunStatus | undefined,
    createdAfter: utcTime(query.after, '"created after"'),
    createdBefore: utcTime(query.before, '"created before"'),
  };
}

const pick = (source: Record<string, unknown>): RunQuery =>
  Object.fromEntries(
    FILTERS.map((name) => [name, typeof source[name] === 'string' ? (source[name] as string) : undefined]),
  );

/** A workspace's runs: filters, cursor paging, bulk cancel and replay (the API's `POST /api/runs/bulk`). */
export function runConsole(router: Router, deps: WebDeps): void {
  const runsPage = async (
    ctx: Context,
    req: ConsoleRequest,
    id: string,
    results?: { action: BulkRunAction; results: BulkRunResult[] },
  ) => {
    const view = await workspaceOf(deps, req, id);
    const query = pick(ctx.query);
    const missions = await deps.listMissions(req.principal, id, { limit: 200 });
    let error: { status: number; message: string } | undefined;
    let runs: { items: RunSummary[]; next: Parameters<typeof pager>[2] } = { items: [], next: null };
    try {
      runs = await deps.listRuns(req.principal, filterOf(id, query), pageOf(ctx.query));
    } catch (thrown) {
      error = formError(thrown);
    }
    const missionName = new Map(missions.items.map((m) => [m.id, m.name]));
    const filters = html`<form method="get" action="/console/w/${id}/runs" class="filters">
${field({ name: 'mission', label: 'Mission', options: ['', ...missions.items.map((m) => ({ value: m.id, label: m.name }))], value: query.mission })}
${field({ name: 'status', label: 'Status', options: ['', ...RUN_STATUSES], value: query.status })}
${field({ name: 'after', label: 'Created after (UTC)', type: 'datetime-local', value: query.after })}
${field({ name: 'before', label: 'Created before (UTC)', type: 'datetime-local', value: query.before })}
<button type="submit">Filter</button>
</form>`;
    const list = table<RunSummary>(
      'Runs',
      [
        {
          label: 'Select',
          cell: (r) =>
            html`<input type="checkbox" name="run_${r.id}" id="run_${r.id}" aria-label="Select run ${r.id}">`,
        },
        {
          label: 'Run',
          cell: (r) => html`<a href="/console/runs/${r.id}"><code>${shortId(r.id)}</code></a>`,
        },
        {
          label: 'Mission',
          cell: (r) => (r.missionId ? (missionName.get(r.missionId) ?? r.missionId) : '—'),
        },
        { label: 'Status', cell: (r) => html`<span class="status ${r.status}">${r.status}</span>` },
        { label: 'Trigger', cell: (r) => r.triggerType },
        { label: 'Created', cell: (r) => formatTime(r.createdAt) },
      ],
      runs.items,
      'No runs match.',
    );
    const hidden = FILTERS.map(
      (name) => html`<input type="hidden" name="filter_${name}" value="${query[name] ?? ''}">`,
    );
    const body = html`${results && bulkResults(results)}
<section class="card"><h1>Runs</h1>
${filters}
<form method="post" action="/console/w/${id}/runs/bulk">
${csrf(req.viewer)}${hidden}
${list}
<div class="actions">
<button type="submit" name="action" value="cancel">Cancel selected</button>
<button type="submit" name="action" value="replay">Replay selected</button>
<button type="submit" name="action" value="cancel-all" class="secondary">Cancel all matching</button>
<button type="submit" name="action" value="replay-all" class="secondary">Replay all matching</button>
</div>
</form>
${pager(`/console/w/${id}/runs`, query, runs.next)}
</section>
${curlBox(
  curl('GET', `/api/runs?workspace_id=${id}${query.status ? `&status=${query.status}` : ''}`),
  curl('POST', '/api/runs/bulk', { action: 'cancel', filter: { workspace_id: id, status: 'queued' } }),
)}`;
    const page = { title: 'Runs', viewer: req.viewer, workspace: view.workspace, error: error?.message };
    sendConsole(ctx, consoleLayout(page, body), error?.status);
  };

  router.get('/console/w/:id/runs', async (ctx) => {
    const req = await consoleGet(ctx, deps);
    if (req) await runsPage(ctx, req, ctx.params.id as string);
  });

  router.post('/console/w/:id/runs/bulk', async (ctx) => {
    const req = await consolePost(ctx, deps);
    if (!req) return;
    const id = ctx.params.id as string;
    const { form } = req;
    const query = pick(Object.fromEntries(FILTERS.map((name) => [name, form[`filter_${name}`]])));
    ctx.query = Object.fromEntries(Object.entries(query).filter(([, value]) => value));
    try {
      const all = form.action === 'cancel-all' || form.action === 'replay-all';
      const action: BulkRunAction = form.action?.startsWith('replay') ? 'replay' : 'cancel';
      if (!form.action || !['cancel', 'replay', 'cancel-all', 'replay-all'].includes(form.action)) {
        throw new InvalidInput('choose an action');
      }
      const ids = Object.keys(form)
        .filter((name) => name.startsWith('run_') && form[name] === 'on')
        .map((name) => name.slice(4));
      if (!all && ids.length === 0) throw new InvalidInput('select at least one run');
      if (ids.some((runId) => !UUID.test(runId))) throw new InvalidInput('a selected run is not valid');
      const results = await deps.bulkRuns(
        req.principal,
        all ? { action, filter: filterOf(id, query) } : { action, ids },
      );
      await runsPage(ctx, req, id, { action, results });
    } catch (error) {
      const failure = formError(error);
      const view = await workspaceOf(deps, req, id);
      const back = html`<p><a href="/console/w/${id}/runs">Back to the runs</a></p>`;
      sendConsole(
        ctx,
        consoleLayout(
          { title: 'Runs', viewer: req.viewer, workspace: view.workspace, error: failure.message },
          back,
        ),
        failure.status,
      );
    }
  });
}

function bulkResults({ action, results }: { action: BulkRunAction; results: BulkRunResult[] }) {
  const done = results.filter((result) => 'run' in result).length;
  const verb = action === 'cancel' ? 'cancelled' : 'replayed';
  return html`<section class="card" aria-labelledby="bulk-title"><h2 id="bulk-title">${done} of ${results.length} runs ${verb}</h2>
${table<BulkRunResult>(
  'Bulk results',
  [
    { label: 'Run', cell: (r) => html`<a href="/console/runs/${r.id}"><code>${shortId(r.id)}</code></a>` },
    {
      label: 'Result',
      cell: (r) =>
        'run' in r
          ? action === 'replay'
            ? html`replayed as <a href="/console/runs/${r.run.id}"><code>${shortId(r.run.id)}</code></a>`
            : 'cancelled'
          : html`<span class="refused">${r.error.message}</span>`,
    },
  ],
  results,
  'No run matched.',
)}
</section>`;
}
