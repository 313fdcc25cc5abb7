import { expect } from 'chai';
import { blueprintGraph } from '../../../../../src/adapters/web/graph/blueprint-graph.ts';
import { ElkGraphLayout } from '../../../../../src/adapters/web/graph/elk-graph-layout.ts';
import type { Graph } from '../../../../../src/domain/blueprints/index.ts';

const layout = new ElkGraphLayout();

const GRAPH: Graph = {
  nodes: [
    { id: 'fetch', kind: 'http' },
    { id: 'gate', kind: 'condition' },
    { id: 'ask', kind: 'approval' },
    { id: 'ship', kind: 'task' },
    { id: 'note', kind: 'code' },
  ],
  edges: [
    { from: 'fetch', to: 'gate' },
    { from: 'gate', to: 'ask', when: 'steps.fetch.output.status = 200' },
    { from: 'gate', to: 'note', when: 'steps.fetch.output.body.ok = false' },
    { from: 'ask', to: 'ship' },
  ],
};

const numbers = (text: string) => text.split(/[ ,]+/).map(Number);

/** The drawing's size, and each node's box and each edge's points as drawn. */
function drawn(page: string) {
  const [, , width, height] = numbers(/viewBox="([^"]+)"/.exec(page)?.[1] ?? '');
  const boxes = [
    ...page.matchAll(
      /<g class="graph-node([^"]*)" transform="translate\(([\d. -]+)\)"><rect width="([\d.]+)" height="([\d.]+)"[\s\S]*?<text class="graph-id"[^>]*>([^<]*)<\/text><text class="graph-detail"[^>]*>([^<]*)</g,
    ),
  ].map(([, tone, at, w, h, id, detail]) => {
    const [x = Number.NaN, y = Number.NaN] = numbers(at as string);
    return { tone: (tone as string).trim(), x, y, width: Number(w), height: Number(h), id, detail };
  });
  const edges = [...page.matchAll(/<path class="graph-edge" d="([^"]+)"/g)].map(([, d]) =>
    [...(d as string).matchAll(/[ML]([\d.-]+) ([\d.-]+)/g)].map(([, x, y]) => ({
      x: Number(x),
      y: Number(y),
    })),
  );
  const labels = [
    ...page.matchAll(
      /<rect class="graph-label" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"/g,
    ),
  ].map((match) => match.slice(1).map(Number) as [number, number, number, number]);
  return { width: width as number, height: height as number, boxes, edges, labels };
}

describe('blueprint graphs drawn as SVG (elkjs layout)', () => {
  it('draws every node and edge inside the viewBox, without overlaps, as an accessible image', async () => {
    const page = (await blueprintGraph(layout, GRAPH, 'Flow, version 2')).value;
    const { width, height, boxes, edges } = drawn(page);
    expect(boxes.map((box) => box.id)).to.deep.equal(['fetch', 'gate', 'ask', 'ship', 'note']);
    expect(boxes.map((box) => box.detail)).to.deep.equal(['http', 'condition', 'approval', 'task', 'code']);
    for (const box of boxes) {
      expect(box.x, box.id).to.be.at.least(0);
      expect(box.y, box.id).to.be.at.least(0);
      expect(box.x + box.width, box.id).to.be.at.most(width);
      expect(box.y + box.height, box.id).to.be.at.most(height);
    }
    for (const [index, a] of boxes.entries())
      for (const b of boxes.slice(index + 1)) {
        const apart =
          a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
        expect(apart, `${a.id} and ${b.id} overlap`).to.equal(true);
      }
    expect(edges).to.have.length(4);
    for (const points of edges) {
      expect(points.length).to.be.at.least(2);
      for (const { x, y } of points) expect(x >= 0 && x <= width && y >= 0 && y <= height).to.equal(true);
    }
    // Each `when` label sits on its edge (beside its route), inside the drawing, on no box.
    const { labels } = drawn(page);
    expect(labels).to.have.length(2);
    for (const [index, [x, y, w, h]] of labels.entries()) {
      const route = edges[index + 1]!;
      const [left, right] = [Math.min(...route.map((p) => p.x)), Math.max(...route.map((p) => p.x))];
      const [top, bottom] = [Math.min(...route.map((p) => p.y)), Math.max(...route.map((p) => p.y))];
      expect(x <= right + 12 && x + w >= left - 12 && y <= bottom && y + h >= top, `label ${index}`).to.equal(
        true,
      );
      expect(x >= 0 && y >= 0 && x + w <= width && y + h <= height).to.equal(true);
      for (const box of boxes)
        expect(
          x + w <= box.x || box.x + box.width <= x || y + h <= box.y || box.y + box.height <= y,
        ).to.equal(true);
    }
    // An edge goes down from its source's box to its target's (layers top to bottom).
    const at = new Map(boxes.map((box) => [box.id, box]));
    expect(at.get('ship')!.y).to.be.above(at.get('ask')!.y).and.above(at.get('fetch')!.y);
    expect(page)
      .to.include('>steps.fetch.output.status = 200<')
      .and.include('>steps.fetch.output.body.ok = fa…<');
    expect(page).to.match(/<svg class="graph"[^>]* role="img" aria-labelledby="graph-title graph-desc"/);
    expect(page).to.include('<title id="graph-title">Flow, version 2</title>');
    expect(page).to.include('5 nodes and 4 edges');
    expect(page).to.include(
      '<code>gate</code> (condition); leads to <code>ask</code> when <code>steps.fetch.output.status = 200</code>, <code>note</code> when <code>steps.fetch.output.body.ok = false</code>',
    );
    expect(page).to.include('<code>ship</code> (task); ends there');
    expect(page, 'no legend without statuses').not.to.include('graph-legend');
  });

  it('escapes every text: a node named <script> is drawn as text', async () => {
    const hostile: Graph = {
      nodes: [
        { id: '<script>alert(1)</script>', kind: 'task' },
        { id: 'b"&\'', kind: 'code' },
      ],
      edges: [{ from: '<script>alert(1)</script>', to: 'b"&\'', when: 'a < b and "x" = \'y\'' }],
    };
    const page = (await blueprintGraph(layout, hostile, '<b>title</b>')).value;
    expect(page).not.to.include('<script>').and.not.to.include('<b>');
    expect(page).to.include('&lt;script&gt;alert(1)&lt;/script&gt;').and.include('b&quot;&amp;&#39;');
    expect(page).to.include('a &lt; b and &quot;x&quot; = &#39;y&#39;');
    expect(page).to.include('<title id="graph-title">&lt;b&gt;title&lt;/b&gt;</title>');
    expect(drawn(page).boxes.map((box) => box.id)).to.deep.equal([
      '&lt;script&gt;alert(1)&lt;/script&gt;',
      'b&quot;&amp;&#39;',
    ]);
  });

  it("colours each node by its step's status, with its symbol and name, and a legend of every status", async () => {
    const statuses = new Map([
      ['fetch', 'succeeded'],
      ['gate', 'succeeded'],
      ['ask', 'waiting'],
      ['note', 'skipped'],
    ] as const);
    const page = (await blueprintGraph(layout, GRAPH, 'Run', statuses)).value;
    const boxes = drawn(page).boxes;
    expect(boxes.map((box) => [box.id, box.tone, box.detail])).to.deep.equal([
      ['fetch', 'succeeded', 'http · ✓ succeeded'],
      ['gate', 'succeeded', 'condition · ✓ succeeded'],
      ['ask', 'waiting', 'approval · ‖ waiting'],
      ['ship', 'pending', 'task · ○ pending'],
      ['note', 'skipped', 'code · ↷ skipped'],
    ]);
    const legend = /<ul class="graph-legend"[\s\S]*?<\/ul>/.exec(page)?.[0] ?? '';
    const entries = [
      ...legend.matchAll(
        /<li><span class="graph-swatch (\w+)" aria-hidden="true">(.)<\/span> <strong>\w+<\/strong> \((\d+)\)/g,
      ),
    ];
    expect(entries.map(([, status, symbol, count]) => `${status} ${symbol} ${count}`)).to.deep.equal([
      'pending ○ 1',
      'running ▶ 0',
      'waiting ‖ 1',
      'succeeded ✓ 2',
      'failed ✗ 0',
      'skipped ↷ 1',
      'cancelled ⊘ 0',
    ]);
    expect(page).to.include('<code>ask</code> (approval): <strong>waiting</strong>');
  });
});
