import { expect } from 'chai';
import { graphProblems } from '../../../../src/domain/blueprints/graph-problems.ts';

/** A stand-in parser: `!!` never parses. */
const parse = (source: string) => (source.includes('!!') ? 'bad expression' : undefined);
const problems = (graph: unknown) => graphProblems(graph, parse, '/graph');

const valid = {
  nodes: [
    {
      id: 'fetch',
      kind: 'http',
      config: { method: 'POST', url: 'https://example.com/x' },
      input: 'input.body',
    },
    { id: 'check', kind: 'condition' },
    {
      id: 'work',
      kind: 'task',
      config: { task_type: 'resize' },
      retry: { max_attempts: 3, backoff_seconds: 5 },
    },
    {
      id: 'calc',
      kind: 'code',
      config: { source: 'function main(input) { return 1 }' },
      on_error: 'continue',
    },
    { id: 'pause', kind: 'wait', config: { seconds: 30 }, timeout_seconds: 60 },
    { id: 'ask', kind: 'approval', config: { title: 'Ship it?', timeout_seconds: 3600 } },
    {
      id: 'each',
      kind: 'map',
      config: { node: { kind: 'code', config: { source: 'function main(x){return x}' } } },
    },
    {
      id: 'sub',
      kind: 'blueprint',
      config: { blueprint_id: '0190f5e4-7a4c-7000-8000-000000000000', version: 2 },
    },
  ],
  edges: [
    { from: 'fetch', to: 'check' },
    { from: 'check', to: 'work', when: 'steps.fetch.output.status = 200' },
    { from: 'check', to: 'calc', when: 'steps.fetch.output.status != 200' },
    { from: 'work', to: 'pause' },
    { from: 'calc', to: 'pause' },
    { from: 'pause', to: 'ask' },
    { from: 'ask', to: 'each' },
    { from: 'each', to: 'sub' },
  ],
  output: 'steps.sub.output',
};

describe('graph validation (domain)', () => {
  it('accepts a graph using every kind, its configs and node fields', () => {
    expect(problems(valid)).to.deep.equal([]);
    expect(problems({ nodes: [{ id: 'only', kind: 'condition' }], edges: [] })).to.deep.equal([]);
  });

  it('reports every problem at once, each at its JSON Pointer', () => {
    const graph = {
      nodes: [
        { id: 'a', kind: 'code', config: { source: 'function main(){}' }, input: 'x !! y', colour: 'red' },
        { id: 'a', kind: 'teleport' },
        { id: 'Bad-Id', kind: 'task', config: {} },
        { id: 'h', kind: 'http', config: { method: 'FETCH', url: 'ftp://x', extra: 1 } },
        { id: 'w', kind: 'wait', config: { seconds: 1, until: 'now' } },
        { id: 'm', kind: 'map', config: { node: { id: 'x', kind: 'wait', config: { seconds: 1 } } } },
        { id: 'r', kind: 'condition', retry: { max_attempts: 0 }, on_error: 'ignore', timeout_seconds: 0 },
      ],
      edges: [{ from: 'a', to: 'ghost', when: '!!' }, { to: 'h' }],
      output: '!!',
      extra: true,
    };
    expect(problems(graph)).to.have.deep.members([
      { path: '/graph/extra', message: 'is not an allowed property' },
      { path: '/graph/nodes/0/colour', message: 'is not an allowed property' },
      { path: '/graph/nodes/0/input', message: 'does not parse: bad expression' },
      { path: '/graph/nodes/1/id', message: 'repeats the id a' },
      {
        path: '/graph/nodes/1/kind',
        message: 'must be one of task, http, code, condition, map, wait, approval, blueprint, agent',
      },
      { path: '/graph/nodes/2/id', message: 'must match ^[a-z][a-z0-9_]{0,63}$' },
      { path: '/graph/nodes/2/config/task_type', message: 'is required' },
      { path: '/graph/nodes/3/config/extra', message: 'is not an allowed property' },
      { path: '/graph/nodes/3/config/method', message: 'must be one of GET, POST, PUT, PATCH, DELETE' },
      { path: '/graph/nodes/3/config/url', message: 'must be an http or https URL' },
      { path: '/graph/nodes/4/config', message: 'must hold exactly one of seconds and until' },
      { path: '/graph/nodes/5/config/node/id', message: 'is not an allowed property' },
      { path: '/graph/nodes/5/config/node/kind', message: 'must be one of task, http, code' },
      { path: '/graph/nodes/6/retry/max_attempts', message: 'must be an integer from 1 to 10' },
      { path: '/graph/nodes/6/timeout_seconds', message: 'must be an integer from 1 to 86400' },
      { path: '/graph/nodes/6/on_error', message: 'must be one of fail, continue' },
      { path: '/graph/edges/0/to', message: 'must name a node of the graph' },
      { path: '/graph/edges/0/when', message: 'does not parse: bad expression' },
      { path: '/graph/edges/1/from', message: 'is required' },
      { path: '/graph/output', message: 'does not parse: bad expression' },
    ]);
  });

  it('an http node takes its URL given, or computed by url_expression: exactly one of the two', () => {
    const http = (config: object) => ({ nodes: [{ id: 'h', kind: 'http', config }], edges: [] });
    expect(problems(http({ method: 'GET', url_expression: 'input.url' }))).to.deep.equal([]);
    expect(problems(http({ method: 'GET' }))).to.deep.equal([
      { path: '/graph/nodes/0/config', message: 'must hold exactly one of url and url_expression' },
    ]);
    expect(
      problems(http({ method: 'GET', url: 'https://example.com', url_expression: 'input.url' })),
    ).to.deep.equal([
      { path: '/graph/nodes/0/config', message: 'must hold exactly one of url and url_expression' },
    ]);
    expect(problems(http({ method: 'GET', url_expression: 'input !! url' }))).to.deep.equal([
      { path: '/graph/nodes/0/config/url_expression', message: 'does not parse: bad expression' },
    ]);
  });

  it('finds a cycle, naming an edge on it, and a graph with no entry node', () => {
    const nodes = ['a', 'b', 'c', 'd'].map((id) => ({ id, kind: 'condition' }));
    const cyclic = {
      nodes,
      edges: [
        { from: 'a', to: 'b' },
        { from: 'b', to: 'c' },
        { from: 'c', to: 'd' },
        { from: 'd', to: 'b' },
      ],
    };
    const found = problems(cyclic);
    expect(found).to.have.length(1);
    expect(found[0]?.message).to.equal('closes a cycle');
    expect(['/graph/edges/1', '/graph/edges/2', '/graph/edges/3']).to.include(found[0]?.path);
    const ring = {
      nodes: nodes.slice(0, 2),
      edges: [
        { from: 'a', to: 'b' },
        { from: 'b', to: 'a' },
      ],
    };
    expect(problems(ring).map((p) => p.message)).to.have.members([
      'closes a cycle',
      'has no entry node (one without incoming edges)',
    ]);
    const self = { nodes: nodes.slice(0, 2), edges: [{ from: 'b', to: 'b' }] };
    expect(problems(self)).to.deep.equal([{ path: '/graph/edges/0', message: 'closes a cycle' }]);
  });

  it('refuses empty, oversized and malformed graphs, missing configs, and repeated edges', () => {
    expect(problems([])).to.deep.equal([{ path: '/graph', message: 'must be an object' }]);
    expect(problems({})).to.deep.equal([
      { path: '/graph/nodes', message: 'is required' },
      { path: '/graph/edges', message: 'is required' },
    ]);
    expect(problems({ nodes: [], edges: [] })).to.deep.equal([
      { path: '/graph/nodes', message: 'must hold at least one node' },
    ]);
    const many = Array.from({ length: 501 }, (_, i) => ({ id: `n${i}`, kind: 'condition' }));
    expect(problems({ nodes: many, edges: [] })).to.deep.equal([
      { path: '/graph/nodes', message: 'must hold at most 500 nodes' },
    ]);
    const big = {
      nodes: [{ id: 'c', kind: 'code', config: { source: `function main(){}//${'x'.repeat(300_000)}` } }],
      edges: [],
    };
    expect(problems(big).map((p) => p.path)).to.include('/graph');
    expect(
      problems({
        nodes: [
          { id: 't', kind: 'task' },
          { id: 'u', kind: 'condition' },
        ],
        edges: [
          { from: 't', to: 'u' },
          { from: 't', to: 'u' },
        ],
      }),
    ).to.deep.equal([
      { path: '/graph/nodes/0/config', message: 'is required for a task node' },
      { path: '/graph/edges/1', message: 'repeats the edge from t to u' },
    ]);
    expect(problems({ nodes: [{ id: 'a/b', kind: 'condition', 'x~y': 1 }], edges: [] })).to.deep.equal([
      { path: '/graph/nodes/0/id', message: 'must match ^[a-z][a-z0-9_]{0,63}$' },
      { path: '/graph/nodes/0/x~0y', message: 'is not an allowed property' },
    ]);
  });
});
