// What drawing a blueprint graph costs (issue 28): the console's layout (elkjs, layered, in process: the layout
// runs on the event loop) and the SVG around it, for generated graphs of 50 and 200 nodes shaped like
// workflows (a tree of branches with some joins, every fifth edge a `when` label). Prints the first layout
// (elkjs loads its engine), then the median and worst wall time and the median CPU time of --rounds layouts
// of each size, and what the cache in front of it answers in.
//   node scripts/bench-graph-layout.ts [--rounds 10]
import { blueprintGraph } from '../src/adapters/web/graph/blueprint-graph.ts';
import { CachedGraphLayout } from '../src/adapters/web/graph/cached-graph-layout.ts';
import { ElkGraphLayout } from '../src/adapters/web/graph/elk-graph-layout.ts';
import type { Graph } from '../src/domain/blueprints/index.ts';
import { median } from './bench/stats.ts';

const at = process.argv.indexOf('--rounds');
const ROUNDS = at > 0 ? Number(process.argv[at + 1]) : 10;

function workflow(size: number): Graph {
  const kinds = ['task', 'http', 'code', 'condition', 'map', 'approval'] as const;
  const nodes = Array.from({ length: size }, (_, index) => ({
    id: `step_${index}_${kinds[index % kinds.length]}`,
    kind: kinds[index % kinds.length] as Graph['nodes'][number]['kind'],
  }));
  const edges: Graph['edges'][number][] = [];
  for (let index = 1; index < size; index++) {
    const from = nodes[Math.floor((index - 1) / 2)]!.id;
    edges.push({
      from,
      to: nodes[index]!.id,
      ...(index % 5 === 0 && { when: `steps.${from}.output.ok = true` }),
    });
    if (index % 7 === 0 && index >= 3) edges.push({ from: nodes[index - 3]!.id, to: nodes[index]!.id });
  }
  return { nodes, edges };
}

const elk = new ElkGraphLayout();
/** Wall time of `work`, in ms; its CPU time (this process, user + system) added to `cpu`. */
const cpu: number[] = [];
const ms = async (work: () => Promise<unknown>) => {
  const start = performance.now();
  const used = process.cpuUsage();
  await work();
  const { user, system } = process.cpuUsage(used);
  cpu.push((user + system) / 1000);
  return performance.now() - start;
};

const first = await ms(() => blueprintGraph(elk, workflow(5), 'warm-up'));
console.log(`first layout (5 nodes, elkjs loads its engine): ${first.toFixed(0)} ms`);
console.log('| nodes | edges | layout + SVG, median | worst | CPU, median | SVG bytes | cached, median |');
console.log('|---|---|---|---|---|---|---|');
for (const size of [50, 200]) {
  const graph = workflow(size);
  const times: number[] = [];
  cpu.length = 0;
  for (let round = 0; round < ROUNDS; round++)
    times.push(await ms(() => blueprintGraph(elk, graph, 'bench')));
  const cpuMedian = median(cpu);
  const cached = new CachedGraphLayout(elk, 10);
  await blueprintGraph(cached, graph, 'bench');
  const hits: number[] = [];
  for (let round = 0; round < ROUNDS; round++)
    hits.push(await ms(() => blueprintGraph(cached, graph, 'bench')));
  const bytes = (await blueprintGraph(elk, graph, 'bench')).value.length;
  console.log(
    `| ${size} | ${graph.edges.length} | ${median(times).toFixed(0)} ms | ${Math.max(...times).toFixed(0)} ms | ${cpuMedian.toFixed(0)} ms | ${bytes} | ${median(hits).toFixed(1)} ms |`,
  );
}
