import { PassThrough } from 'node:stream';
import type { Router } from '@koa/router';
import type { Step } from '../../../domain/blueprints/index.ts';
import type { Run, RunEvent } from '../../../domain/runs/index.ts';
import { isFinished } from '../../../domain/runs/index.ts';
import { blueprintGraph } from '../graph/blueprint-graph.ts';
import { html, SafeHtml } from '../html.ts';
import { formatTime } from '../pages/layout.ts';
import { seeOther, type WebDeps } from '../web-context.ts';
import { type ConsoleRequest, consoleGet, consolePost, workspaceOf } from './console-context.ts';
import { actionButton, consoleLayout, curl, curlBox, shortId, table } from './kit.ts';
import { streamEvents } from './streamed-events.ts';

/** Seconds after a streamed page ends (its load) before the browser reloads an unfinished run's page. */
const REFRESH_SECONDS = 3;
const END = '<!--end of events-->';
/** Where the streamed rows go: the page is cut there (markup, not text: never escaped). */
const MARK = new SafeHtml(END);

const json = (value: unknown) =>
  value === null || value === undefined ? '—' : JSON.stringify(value, null, 2);

function eventRow(event: RunEvent): SafeHtml {
  const data = event.data === null || event.data === undefined ? '' : JSON.stringify(event.data);
  return html`<tr><td>${event.seq}</td><td>${formatTime(event.at)}</td><td>${event.type}</td><td>${event.level ?? ''}</td><td>${event.message ?? ''}</td><td><code>${data.length > 300 ? `${data.slice(0, 299)}…` : data}</code></td></tr>\n`;
}

/** The page down to the open table of events: the run, its steps, its actions. */
function runHead(
  req: ConsoleRequest,
  run: Run,
  steps: Step[],
  live: boolean,
  workspace: { id: string; name: string },
  graph: SafeHtml | undefined,
): string {
  const finished = isFinished(run.status);
  const action = finished
    ? actionButton(req.viewer, `/console/runs/${run.id}/replay`, 'Replay', 'Replay this run')
    : actionButton(req.viewer, `/console/runs/${run.id}/cancel`, 'Cancel', 'Cancel this run');
  const content = html`<section class="card"><h1>Run <code>${run.id}</code></h1>
<dl>
<dt>Status</dt><dd><span class="status ${run.status}" id="run-status">${run.status}</span></dd>
<dt>Workspace</dt><dd><a href="/console/w/${run.workspaceId}/runs">its runs</a></dd>
<dt>Trigger</dt><dd>${run.triggerType}</dd>
<dt>Attempt</dt><dd>${run.attempt}</dd>
<dt>Created</dt><dd>${formatTime(run.createdAt)}</dd>
<dt>Finished</dt><dd>${run.finishedAt ? formatTime(run.finishedAt) : '—'}</dd>
${run.replayOf && html`<dt>Replay of</dt><dd><a href="/console/runs/${run.replayOf}">${run.replayOf}</a></dd>`}
</dl>
<p>${action}</p>
</section>
<section class="card"><h2>Input</h2><pre><code>${json(run.input)}</code></pre>
<h2>Output</h2><pre><code>${json(run.output)}</code></pre>
<h2>Error</h2><pre><code>${json(run.error)}</code></pre></section>
${
  steps.length > 0 &&
  html`<section class="card"><h2>Steps</h2>${table<Step>(
    'Steps',
    [
      { label: 'Node', cell: (s) => s.nodeId },
      { label: 'Kind', cell: (s) => s.kind },
      { label: 'Status', cell: (s) => s.status },
      { label: 'Attempt', cell: (s) => s.attempt },
      { label: 'Error', cell: (s) => s.error?.message },
    ],
    steps,
    '',
  )}</section>`
}
${graph}
${curlBox(curl('GET', `/api/runs/${run.id}`), `curl -sN "$API/api/runs/${run.id}/events/stream" -H "Authorization: Bearer $TOKEN"`)}
<section class="card"><h2>Events</h2>
${live && html`<p class="muted" role="status">Live: new events appear below until the run ends. <a href="/console/runs/${run.id}">Refresh</a></p>`}
<table><caption class="visually-hidden">Events</caption>
<thead><tr><th scope="col">Seq</th><th scope="col">At</th><th scope="col">Type</th><th scope="col">Level</th><th scope="col">Message</th><th scope="col">Data</th></tr></thead>
<tbody>
${MARK}`;
  const page = consoleLayout(
    { title: `Run ${shortId(run.id)}`, viewer: req.viewer, workspace },
    content,
  ).value;
  return page.slice(0, page.indexOf(END));
}

function runTail(page: string, note?: SafeHtml): string {
  return `</tbody></table>${note?.value ?? ''}</section>${page.slice(page.indexOf(END) + END.length)}`;
}

/**
 * A run's page: the run, its steps (a blueprint run's graph coloured by them) and its events. While the run is
 * unfinished the page streams: each new event is written as a table row as it happens, without JavaScript,
 * until the run ends, the time is up or the viewer's access ends (streamEvents); the `Refresh` header then
 * reloads the page once it has loaded, for the final state.
 */
export function runPage(router: Router, deps: WebDeps): void {
  router.get('/console/runs/:run', async (ctx) => {
    const req = await consoleGet(ctx, deps);
    if (!req) return;
    const runId = ctx.params.run as string;
    const { run } = await deps.getRunDetail(req.principal, runId);
    const steps = await deps.listSteps(req.principal, runId);
    const live = !isFinished(run.status);
    const { workspace } = await workspaceOf(deps, req, run.workspaceId);
    const head = runHead(req, run, steps, live, workspace, await runGraph(deps, req, run, steps));
    const whole = consoleLayout({ title: '', viewer: req.viewer }, MARK).value;
    ctx.status = 200;
    ctx.type = 'text/html; charset=utf-8';
    if (live) ctx.set('Refresh', String(REFRESH_SECONDS));
    const out = new PassThrough();
    ctx.body = out;
    out.write(head);
    const again = html`<p role="status">The live view paused. <a href="/console/runs/${runId}">Refresh</a> to follow on.</p>`;
    await streamEvents(ctx, deps, req, {
      runId,
      out,
      write: (events) => events.map((event) => eventRow(event).value).join(''),
      again,
      finish: (note) => out.end(runTail(whole, note)),
    });
  });

  for (const action of ['cancel', 'replay'] as const) {
    router.post(`/console/runs/:run/${action}`, async (ctx) => {
      const req = await consolePost(ctx, deps);
      if (!req) return;
      const runId = ctx.params.run as string;
      const changed = await (action === 'cancel' ? deps.cancelRun : deps.replayRun)(req.principal, runId);
      seeOther(ctx, `/console/runs/${changed.id}`);
    });
  }
}

/** A blueprint run's graph, each node coloured by its step's status on this run. */
async function runGraph(deps: WebDeps, req: ConsoleRequest, run: Run, steps: Step[]) {
  if (run.blueprintId === null || run.blueprintVersion === null) return undefined;
  const { graph } = await deps.getBlueprintVersion(req.principal, run.blueprintId, run.blueprintVersion);
  const statuses = new Map(steps.map((step) => [step.nodeId, step.status]));
  return blueprintGraph(deps.graphLayout, graph, `Steps of run ${shortId(run.id)} by status`, statuses);
}
