import type { GraphLayout } from '../../../application/web/ports/graph-layout.ts';
import type { Graph, StepStatus } from '../../../domain/blueprints/index.ts';
import { STEP_STATUSES } from '../../../domain/blueprints/index.ts';
import { html, type SafeHtml } from '../html.ts';
import { type DrawnNode, graphSvg, LABEL_HEIGHT, labelWidth, NODE_HEIGHT, nodeWidth } from './graph-svg.ts';

/** Each step status as the drawing and its legend show it: a symbol and words beside the colour. */
export const STATUS_LOOK: Record<StepStatus, { readonly symbol: string; readonly meaning: string }> = {
  pending: { symbol: '○', meaning: 'not started yet' },
  running: { symbol: '▶', meaning: 'in progress' },
  waiting: { symbol: '‖', meaning: 'waiting for an approval, a time or a child run' },
  succeeded: { symbol: '✓', meaning: 'done' },
  failed: { symbol: '✗', meaning: 'failed' },
  skipped: { symbol: '↷', meaning: 'not taken (its conditions were false)' },
  cancelled: { symbol: '⊘', meaning: 'cancelled with the run' },
};

const statusText = (status: StepStatus) => `${STATUS_LOOK[status].symbol} ${status}`;

/**
 * A blueprint graph drawn for a page: the SVG (laid out by `layout`), with, on a run's page (`statuses`:
 * each node's step status, `pending` where it has no step yet), each node coloured, marked and named by
 * its status and a legend; then the same graph as a text list.
 */
export async function blueprintGraph(
  layout: GraphLayout,
  graph: Graph,
  title: string,
  statuses?: ReadonlyMap<string, StepStatus>,
): Promise<SafeHtml> {
  const statusOf = (id: string) => (statuses ? (statuses.get(id) ?? 'pending') : undefined);
  const nodes: DrawnNode[] = graph.nodes.map((node) => {
    const status = statusOf(node.id);
    return {
      id: node.id,
      detail: status ? `${node.kind} · ${statusText(status)}` : node.kind,
      tone: status,
    };
  });
  const placement = await layout.layout(
    nodes.map((node) => ({ id: node.id, width: nodeWidth(node), height: NODE_HEIGHT })),
    graph.edges.map((edge) => ({
      from: edge.from,
      to: edge.to,
      ...(edge.when !== undefined && { label: { width: labelWidth(edge.when), height: LABEL_HEIGHT } }),
    })),
  );
  const description = `${graph.nodes.length} nodes and ${graph.edges.length} edges, top to bottom in the order they run; the list after the drawing gives each node${statuses ? ', its status' : ''} and where it leads.`;
  const svg = graphSvg(
    placement,
    nodes,
    graph.edges.map((edge) => edge.when),
    { title, description },
  );
  return html`<section class="card" aria-labelledby="graph-heading"><h2 id="graph-heading">Graph</h2>
${statuses && legend(graph, statusOf)}
<div class="graph-scroll" role="region" aria-label="${title}" tabindex="0">${svg}</div>
${textList(graph, statusOf)}
</section>`;
}

function legend(graph: Graph, statusOf: (id: string) => StepStatus | undefined): SafeHtml {
  const counts = new Map<StepStatus, number>();
  for (const node of graph.nodes) {
    const status = statusOf(node.id) as StepStatus;
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  return html`<ul class="graph-legend" aria-label="Legend: step statuses">${STEP_STATUSES.map(
    (status) =>
      html`<li><span class="graph-swatch ${status}" aria-hidden="true">${STATUS_LOOK[status].symbol}</span> <strong>${status}</strong> (${counts.get(status) ?? 0}): ${STATUS_LOOK[status].meaning}</li>`,
  )}</ul>`;
}

function textList(graph: Graph, statusOf: (id: string) => StepStatus | undefined): SafeHtml {
  return html`<details class="graph-text"><summary>The graph as a list</summary>
<ol aria-label="Nodes">${graph.nodes.map((node) => {
    const status = statusOf(node.id);
    const next = graph.edges.filter((edge) => edge.from === node.id);
    return html`<li><code>${node.id}</code> (${node.kind})${status && html`: <strong>${status}</strong>`}${
      next.length > 0
        ? html`; leads to ${next.map(
            (edge, index) =>
              html`${index > 0 && ', '}<code>${edge.to}</code>${edge.when !== undefined && html` when <code>${edge.when}</code>`}`,
          )}`
        : '; ends there'
    }</li>`;
  })}</ol>
</details>`;
}
