import type { Router } from '@koa/router';
import type { Context } from 'koa';
import type { ScoreChange } from '../../../application/evaluations/index.ts';
import { type EvaluationItem, passedOf } from '../../../domain/evaluations/index.ts';
import { InvalidInput, NotFound } from '../../../domain/kernel/errors.ts';
import { html, type SafeHtml } from '../html.ts';
import { formatTime } from '../pages/layout.ts';
import type { WebDeps } from '../web-context.ts';
import { type ConsoleRequest, formError, UUID, workspaceOf } from './console-context.ts';
import { consoleActionRoute, consolePageRoute, sendConsolePage } from './console-handlers.ts';
import { jsonCell, percent, score } from './evaluation-kit.ts';
import { actionButton, curl, curlBox, pageOf, pager, shortId, table } from './kit.ts';

type Scorers = Awaited<ReturnType<WebDeps['getEvaluation']>>['evaluation']['scorers'];

const NOTICES: Record<string, string> = {
  started: 'The evaluation started: reload the page to follow it.',
  cancelled: 'The evaluation was cancelled.',
};

const ms = (value: number | null) => (value === null ? '—' : `${Math.round(value)} ms`);

/** An item's failures: its run's error, and why a scorer gave no score. */
function errorsOf(item: EvaluationItem): SafeHtml | string {
  const lines = [
    ...(item.error ? [`${item.error.code}: ${item.error.message}`] : []),
    ...Object.entries(item.scoreErrors ?? {}).map(([scorer, reason]) => `${scorer}: ${reason}`),
  ];
  return lines.length === 0 ? '' : html`<span class="refused">${lines.join('; ')}</span>`;
}

/** The scores that changed from base to head (fell or rose), largest change first. */
function changes(title: string, rows: readonly ScoreChange[], empty: string): SafeHtml {
  return html`<h2>${title}</h2>
${table<ScoreChange>(
  title,
  [
    { label: 'Item', cell: (c) => html`<code>${shortId(c.itemId)}</code>` },
    { label: 'Scorer', cell: (c) => c.scorer },
    { label: 'Base', cell: (c) => score(c.base) },
    { label: 'Head', cell: (c) => score(c.head) },
    { label: 'Change', cell: (c) => score(c.head - c.base) },
  ],
  rows,
  empty,
)}`;
}

/** An evaluation: its summary, per-item results (paginated), cancel; and the comparison of two. */
export function evaluationPage(router: Router, deps: WebDeps): void {
  /** The mission's name, or its id once it is deleted (its evaluations stay). */
  const missionName = (req: ConsoleRequest, id: string) =>
    deps.getMission(req.principal, id).then(
      (mission) => mission.name,
      (error: unknown) => {
        if (error instanceof NotFound) return shortId(id);
        throw error;
      },
    );
  const render = async (ctx: Context, req: ConsoleRequest, id: string) => {
    const { evaluation: e, summary } = await deps.getEvaluation(req.principal, id);
    const view = await workspaceOf(deps, req, e.workspaceId);
    const results = await deps.listEvaluationResults(req.principal, id, pageOf(ctx.query));
    const dataset = await deps.getDataset(req.principal, e.datasetId);
    const target =
      'missionId' in e.target
        ? html`mission <a href="/console/missions/${e.target.missionId}">${await missionName(req, e.target.missionId)}</a>`
        : html`agent <a href="/console/agents/${e.target.agentId}"><code>${shortId(e.target.agentId)}</code></a>, version ${e.target.version}`;
    const passed = passedOf(e, summary);
    const body = html`<section class="card"><h1>${e.name}</h1>
<dl>
<dt>Status</dt><dd><span class="status ${e.status}">${e.status}</span>${e.error && html` (${e.error})`}</dd>
<dt>Dataset</dt><dd><a href="/console/datasets/${dataset.id}">${dataset.name}</a></dd>
<dt>Target</dt><dd>${target}</dd>
<dt>Progress</dt><dd>${summary.done} of ${e.total} done, ${summary.failed} failed (concurrency ${e.concurrency})</dd>
<dt>Passed</dt><dd><span class="status ${passed ? 'succeeded' : 'failed'}">${passed ? 'passed' : 'not passed'}</span></dd>
<dt>Latency</dt><dd>p50 ${ms(summary.latencyMs.p50)}, p95 ${ms(summary.latencyMs.p95)}</dd>
<dt>Tokens</dt><dd>${summary.usage.inputTokens} in, ${summary.usage.outputTokens} out</dd>
<dt>Started</dt><dd>${formatTime(e.createdAt)}</dd>
<dt>Finished</dt><dd>${e.finishedAt ? formatTime(e.finishedAt) : '—'}</dd>
</dl>
${e.status === 'running' && html`<div class="actions">${actionButton(req.viewer, `/console/evaluations/${e.id}/cancel`, 'Cancel', `Cancel the evaluation ${e.name}`)}</div>`}
</section>
<section class="card"><h2>Scores</h2>
${table<Scorers[number]>(
  'Scores',
  [
    { label: 'Scorer', cell: (s) => s.name },
    { label: 'Kind', cell: (s) => s.kind },
    { label: 'Config', cell: (s) => jsonCell(Object.keys(s.config).length ? s.config : null) },
    { label: 'Mean', cell: (s) => score(summary.scores[s.name]?.mean) },
    { label: 'Pass rate', cell: (s) => percent(summary.scores[s.name]?.passRate ?? 0) },
    { label: 'Min mean', cell: (s) => score(s.minMean) },
    {
      label: 'Reached',
      cell: (s) =>
        s.minMean === null ? '—' : (summary.scores[s.name]?.mean ?? 0) >= s.minMean ? 'yes' : 'no',
    },
  ],
  e.scorers,
  'No scorers.',
)}
</section>
<section class="card"><h2>Results</h2>
${table<EvaluationItem>(
  'Results',
  [
    { label: 'Item', cell: (i) => html`<code>${shortId(i.itemId)}</code>` },
    { label: 'Status', cell: (i) => i.status },
    {
      label: 'Run',
      cell: (i) =>
        i.runId ? html`<a href="/console/runs/${i.runId}"><code>${shortId(i.runId)}</code></a>` : '—',
    },
    { label: 'Input', cell: (i) => jsonCell(i.input) },
    { label: 'Expected', cell: (i) => jsonCell(i.expected) },
    { label: 'Output', cell: (i) => jsonCell(i.output) },
    ...e.scorers.map((s) => ({ label: s.name, cell: (i: EvaluationItem) => score(i.scores?.[s.name]) })),
    { label: 'Error', cell: errorsOf },
  ],
  results.items,
  'No results yet.',
)}
${pager(`/console/evaluations/${id}`, {}, results.next)}
</section>
${curlBox(curl('GET', `/api/evaluations/${id}`), curl('GET', `/api/evaluations/${id}/results`), curl('POST', `/api/evaluations/${id}/cancel`))}`;
    const notice = NOTICES[String(ctx.query.notice)];
    sendConsolePage(ctx, req, { title: e.name, workspace: view.workspace, notice }, body);
  };

  consolePageRoute(router, deps, '/console/evaluations/:evaluation', (ctx, req) =>
    render(ctx, req, ctx.params.evaluation as string),
  );

  consoleActionRoute(router, deps, '/console/evaluations/:evaluation/cancel', async (ctx, req) => {
    const id = ctx.params.evaluation as string;
    await deps.cancelEvaluation(req.principal, id);
    return `/console/evaluations/${id}?notice=cancelled`;
  });

  consolePageRoute(router, deps, '/console/w/:id/evaluations/compare', async (ctx, req) => {
    const id = ctx.params.id as string;
    const view = await workspaceOf(deps, req, id);
    const [base, head] = [ctx.query.base, ctx.query.head].map(String);
    const back = html`<p><a href="/console/w/${id}/evaluations">Back to the evaluations</a></p>`;
    try {
      if (!UUID.test(base as string) || !UUID.test(head as string))
        throw new InvalidInput('pick two evaluations: one as the base, one as the head');
      const c = await deps.compareEvaluations(req.principal, base as string, head as string);
      const names = [
        ...new Set([...c.base.evaluation.scorers, ...c.head.evaluation.scorers].map((s) => s.name)),
      ];
      const link = (v: typeof c.base) =>
        html`<a href="/console/evaluations/${v.evaluation.id}">${v.evaluation.name}</a>`;
      const mean = (v: typeof c.base, name: string) => v.summary.scores[name]?.mean;
      const delta = (name: string) => {
        const [b, h] = [mean(c.base, name), mean(c.head, name)];
        return b === undefined || h === undefined ? null : h - b;
      };
      const body = html`<section class="card"><h1>Comparison</h1>
<p>Base ${link(c.base)}, head ${link(c.head)}; items matched by id.</p>
${table<string>(
  'Means',
  [
    { label: 'Scorer', cell: (name) => name },
    { label: 'Base', cell: (name) => score(mean(c.base, name)) },
    { label: 'Head', cell: (name) => score(mean(c.head, name)) },
    { label: 'Change', cell: (name) => score(delta(name)) },
  ],
  names,
  'No scorers.',
)}
${changes('Fell', c.fell, 'No item scored lower.')}
${changes('Rose', c.rose, 'No item scored higher.')}
${back}
</section>
${curlBox(curl('GET', `/api/evaluations/compare?base=${base}&head=${head}`))}`;
      sendConsolePage(ctx, req, { title: 'Comparison', workspace: view.workspace }, body);
    } catch (error) {
      const refusal = formError(error);
      sendConsolePage(ctx, req, { title: 'Comparison', workspace: view.workspace, error: refusal }, back);
    }
  });
}
