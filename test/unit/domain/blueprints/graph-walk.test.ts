import { expect } from 'chai';
import fc from 'fast-check';
import type { Graph, GraphEdge } from '../../../../src/domain/blueprints/graph.ts';
import { graphProblems } from '../../../../src/domain/blueprints/graph-problems.ts';
import {
  defaultInput,
  defaultOutput,
  isWalkComplete,
  type NodeProgress,
  nextSteps,
} from '../../../../src/domain/blueprints/graph-walk.ts';

const graphOf = (ids: string[], edges: GraphEdge[]): Graph => ({
  nodes: ids.map((id) => ({ id, kind: 'condition' })),
  edges,
});

describe('graph walk (domain)', () => {
  it('starts at the entry nodes, waits for every incoming edge, and propagates skips', () => {
    // a -> b (when) -> d ; a -> c -> d ; c -> e (when) -> f
    const graph = graphOf(
      ['a', 'b', 'c', 'd', 'e', 'f'],
      [
        { from: 'a', to: 'b', when: 'x' },
        { from: 'a', to: 'c' },
        { from: 'b', to: 'd' },
        { from: 'c', to: 'd' },
        { from: 'c', to: 'e', when: 'y' },
        { from: 'e', to: 'f' },
      ],
    );
    const progress = new Map<string, NodeProgress>();
    const taken = (index: number) => index !== 0 && index !== 4;
    expect(nextSteps(graph, { progress, taken })).to.deep.equal({ ready: ['a'], skipped: [] });
    progress.set('a', 'started');
    expect(nextSteps(graph, { progress, taken })).to.deep.equal({ ready: [], skipped: [] });
    progress.set('a', 'finished');
    expect(nextSteps(graph, { progress, taken })).to.deep.equal({ ready: ['c'], skipped: ['b'] });
    progress.set('b', 'skipped').set('c', 'finished');
    expect(nextSteps(graph, { progress, taken })).to.deep.equal({ ready: ['d'], skipped: ['e', 'f'] });
    progress.set('d', 'finished').set('e', 'skipped').set('f', 'skipped');
    expect(isWalkComplete(graph, progress)).to.equal(true);
  });

  it('gives a node the run input, its one predecessor output, or its predecessors outputs by id', () => {
    const graph = graphOf(
      ['a', 'b', 'c', 'd'],
      [
        { from: 'a', to: 'b' },
        { from: 'a', to: 'd' },
        { from: 'b', to: 'd' },
        { from: 'c', to: 'd' },
      ],
    );
    const outputs = new Map<string, unknown>([
      ['a', { n: 1 }],
      ['b', [2]],
    ]);
    expect(defaultInput(graph, 'a', { run: true }, outputs)).to.deep.equal({ run: true });
    expect(defaultInput(graph, 'b', { run: true }, outputs)).to.deep.equal({ n: 1 });
    expect(defaultInput(graph, 'd', { run: true }, outputs)).to.deep.equal({ a: { n: 1 }, b: [2] });
    expect(defaultOutput(graph, new Map([...outputs, ['d', 'done']]))).to.deep.equal({ d: 'done' });
    expect(defaultOutput(graphOf(['x', 'y'], []), new Map([['x', 1]]))).to.deep.equal({ x: 1 });
  });

  it('over random DAGs and random `when` outcomes: each node runs at most once, exactly when it should, and the run ends', () => {
    const dag = fc.record({
      size: fc.integer({ min: 1, max: 25 }),
      pairs: fc.array(fc.record({ a: fc.nat(), b: fc.nat(), when: fc.boolean() }), { maxLength: 60 }),
      order: fc.array(fc.nat(), { minLength: 25, maxLength: 25 }),
      outcomes: fc.array(fc.boolean(), { minLength: 60, maxLength: 60 }),
      picks: fc.array(fc.nat(), { maxLength: 100 }),
    });
    fc.assert(
      fc.property(dag, ({ size, pairs, order, outcomes, picks }) => {
        // Node k may only point to nodes after it in a hidden rank; the nodes are listed in another order.
        const rank = Array.from({ length: size }, (_, k) => `n${k}`);
        const ids = [...rank].sort((x, y) => (order[rank.indexOf(x)] ?? 0) - (order[rank.indexOf(y)] ?? 0));
        const seen = new Set<string>();
        const edges: GraphEdge[] = [];
        for (const { a, b, when } of pairs) {
          const [lo, hi] = [a % size, b % size].sort((x, y) => x - y) as [number, number];
          if (lo === hi || seen.has(`${lo}/${hi}`)) continue;
          seen.add(`${lo}/${hi}`);
          edges.push({ from: `n${lo}`, to: `n${hi}`, ...(when ? { when: 'w' } : {}) });
        }
        const graph = graphOf(ids, edges);
        expect(graphProblems(graph, () => undefined)).to.deep.equal([]);
        const takenEdge = (index: number) =>
          edges[index]?.when === undefined ? true : (outcomes[index] ?? true);

        const progress = new Map<string, NodeProgress>();
        const starts = new Map<string, number>();
        const running: string[] = [];
        let step = 0;
        for (;;) {
          const { ready, skipped } = nextSteps(graph, { progress, taken: takenEdge });
          for (const id of skipped) {
            expect(progress.has(id)).to.equal(false);
            progress.set(id, 'skipped');
          }
          for (const id of ready) {
            starts.set(id, (starts.get(id) ?? 0) + 1);
            progress.set(id, 'started');
            running.push(id);
          }
          if (running.length === 0) break;
          // Finish one running node, chosen at random: the walk must not depend on finishing order.
          const [done] = running.splice((picks[step++] ?? 0) % running.length, 1) as [string];
          progress.set(done, 'finished');
        }

        expect(isWalkComplete(graph, progress)).to.equal(true);
        for (const count of starts.values()) expect(count).to.equal(1);
        // The oracle, in rank order: a node runs when it is an entry node or a taken edge comes from a node that ran.
        const ran = new Set<string>();
        for (const id of rank) {
          const incoming = edges.map((edge, index) => ({ edge, index })).filter(({ edge }) => edge.to === id);
          const runs =
            incoming.length === 0 ||
            incoming.some(({ edge, index }) => ran.has(edge.from) && takenEdge(index));
          if (runs) ran.add(id);
          expect(progress.get(id)).to.equal(runs ? 'finished' : 'skipped');
        }
      }),
      { numRuns: 300 },
    );
  });
});
