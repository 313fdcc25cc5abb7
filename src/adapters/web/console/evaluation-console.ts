import type { Router } from '@koa/router';
import type { Context } from 'koa';
import type { EvaluationView } from '../../../application/evaluations/index.ts';
import { DEFAULT_CONCURRENCY, passedOf, type ScorerDraft } from '../../../domain/evaluations/index.ts';
import { InvalidInput } from '../../../domain/kernel/errors.ts';
import type { FormFields } from '../form-body.ts';
import { html } from '../html.ts';
import { formatTime } from '../pages/layout.ts';
import { seeOther, type WebDeps } from '../web-context.ts';
import { type ConsoleRequest, UUID, workspaceOf } from './console-context.ts';
import { type FormRefusal, sendConsolePage, workspacePageRoutes } from './console-handlers.ts';
import { jsonArea, jsonOf } from './evaluation-kit.ts';
import { evaluationPage } from './evaluation-page.ts';
import { curl, curlBox, field, pageOf, pager, postForm, table } from './kit.ts';

const SCORERS_EXAMPLE = '[{"name": "exact", "kind": "exact_match", "min_mean": 0.9}]';
const SCORER_KEYS = ['name', 'kind', 'config', 'min_mean'];

/** The scorers field: a JSON list of `{name, kind, config?, min_mean?}` (the API's shape); the use case checks the rest. */
function scorersOf(form: FormFields): ScorerDraft[] {
  const scorers = jsonOf(form, 'scorers', 'the scorers', true);
  const shaped = (s: unknown): s is ScorerDraft => {
    if (typeof s !== 'object' || s === null || Array.isArray(s)) return false;
    const { name, kind, min_mean } = s as Record<string, unknown>;
    return (
      Object.keys(s).every((key) => SCORER_KEYS.includes(key)) &&
      typeof name === 'string' &&
      typeof kind === 'string' &&
      (min_mean === undefined || typeof min_mean === 'number')
    );
  };
  if (!Array.isArray(scorers) || !scorers.every(shaped))
    throw new InvalidInput(
      'the scorers must be a JSON list of {"name", "kind", "config" (optional), "min_mean" (optional)}',
    );
  return scorers;
}

/** `mission:<id>` or `agent:<id>` (with an optional version): what the evaluation runs. */
function targetOf(form: FormFields) {
  const [kind, id] = (form.target ?? '').split(':');
  if (!id || !UUID.test(id) || (kind !== 'mission' && kind !== 'agent'))
    throw new InvalidInput('choose a mission or an agent to evaluate');
  if (kind === 'mission') return { mission_id: id };
  const version = (form.version ?? '').trim();
  if (version !== '' && !/^[1-9]\d{0,8}$/.test(version))
    throw new InvalidInput('the agent version must be a whole number from 1');
  return { agent_id: id, ...(version !== '' && { version: Number(version) }) };
}

function concurrencyOf(form: FormFields): number | undefined {
  const value = (form.concurrency ?? '').trim();
  if (value === '') return undefined;
  if (!/^\d{1,3}$/.test(value)) throw new InvalidInput('the concurrency must be a whole number');
  return Number(value);
}

/** Evaluations of a workspace: the list (pick two to compare), and the form that starts one. */
export function evaluationConsole(router: Router, deps: WebDeps): void {
  const listPage = async (ctx: Context, req: ConsoleRequest, id: string, error?: FormRefusal) => {
    const view = await workspaceOf(deps, req, id);
    const evaluations = await deps.listEvaluations(req.principal, id, pageOf(ctx.query));
    const datasets = await deps.listDatasets(req.principal, id, { limit: 200 });
    const missions = await deps.listMissions(req.principal, id, { limit: 200 });
    const agents = await deps.listAgents(req.principal, id, { limit: 200 });
    const datasetName = new Map(datasets.items.map((d) => [d.id, d.name]));
    const targets = [
      ...missions.items.map((m) => ({ value: `mission:${m.id}`, label: `Mission: ${m.name}` })),
      ...agents.items.map(({ agent }) => ({ value: `agent:${agent.id}`, label: `Agent: ${agent.name}` })),
    ];
    const form = req.form;
    const radio = (name: 'base' | 'head', e: EvaluationView['evaluation']) =>
      html`<input type="radio" name="${name}" value="${e.id}" aria-label="${name === 'base' ? 'Base' : 'Head'}: ${e.name}">`;
    const body = html`<section class="card"><h1>Evaluations</h1>
<form method="get" action="/console/w/${id}/evaluations/compare">
${table<EvaluationView>(
  'Evaluations',
  [
    { label: 'Base', cell: ({ evaluation: e }) => radio('base', e) },
    { label: 'Head', cell: ({ evaluation: e }) => radio('head', e) },
    {
      label: 'Name',
      cell: ({ evaluation: e }) => html`<a href="/console/evaluations/${e.id}">${e.name}</a>`,
    },
    { label: 'Dataset', cell: ({ evaluation: e }) => datasetName.get(e.datasetId) ?? e.datasetId },
    {
      label: 'Status',
      cell: ({ evaluation: e }) => html`<span class="status ${e.status}">${e.status}</span>`,
    },
    { label: 'Done', cell: ({ evaluation: e, summary }) => `${summary.done} of ${e.total}` },
    { label: 'Passed', cell: ({ evaluation: e, summary }) => (passedOf(e, summary) ? 'yes' : 'no') },
    { label: 'Started', cell: ({ evaluation: e }) => formatTime(e.createdAt) },
  ],
  evaluations.items,
  'No evaluations yet.',
)}
${evaluations.items.length > 1 && html`<div class="actions"><button type="submit">Compare base with head</button></div>`}
</form>
${pager(`/console/w/${id}/evaluations`, {}, evaluations.next)}
</section>
<section class="card"><h2>Start an evaluation</h2>
${postForm(
  req.viewer,
  `/console/w/${id}/evaluations`,
  'Start evaluation',
  html`${field({ name: 'name', label: 'Name (optional)', value: form?.name })}
${field({ name: 'dataset', label: 'Dataset', options: datasets.items.map((d) => ({ value: d.id, label: d.name })), value: form?.dataset ?? String(ctx.query.dataset ?? '') })}
${field({ name: 'target', label: 'Mission or agent', options: targets, value: form?.target })}
${field({ name: 'version', label: 'Agent version (optional)', value: form?.version, hint: 'Empty: the agent’s latest version. Ignored for a mission.' })}
${jsonArea({ name: 'scorers', label: 'Scorers', value: form?.scorers ?? SCORERS_EXAMPLE, rows: 4, hint: 'A JSON list of {"name", "kind", "config", "min_mean"}; kinds: exact_match, contains, regex (config.pattern), json_schema (config.schema), numeric (config.tolerance), code (config.source), llm_judge (config.provider_id, model, rubric); config.path reads part of the output.' })}
${field({ name: 'concurrency', label: 'Concurrency', value: form?.concurrency ?? String(DEFAULT_CONCURRENCY), hint: 'At most this many runs at once (1 to 32).' })}`,
)}
</section>
${curlBox(
  curl('GET', `/api/evaluations?workspace_id=${id}`),
  curl('POST', '/api/evaluations', {
    dataset_id: datasets.items[0]?.id ?? 'DATASET_ID',
    target: { mission_id: missions.items[0]?.id ?? 'MISSION_ID' },
    scorers: JSON.parse(SCORERS_EXAMPLE),
  }),
)}`;
    sendConsolePage(ctx, req, { title: 'Evaluations', workspace: view.workspace, error }, body);
  };

  workspacePageRoutes(router, deps, {
    path: '/console/w/:id/evaluations',
    render: listPage,
    submit: async (ctx, req) => {
      const dataset = req.form.dataset ?? '';
      if (!UUID.test(dataset)) throw new InvalidInput('choose a dataset');
      const name = (req.form.name ?? '').trim();
      const concurrency = concurrencyOf(req.form);
      const made = await deps.createEvaluation(req.principal, {
        dataset_id: dataset,
        target: targetOf(req.form),
        scorers: scorersOf(req.form),
        ...(name && { name }),
        ...(concurrency !== undefined && { concurrency }),
      });
      seeOther(ctx, `/console/evaluations/${made.id}?notice=started`);
    },
  });

  evaluationPage(router, deps);
}
