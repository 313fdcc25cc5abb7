import elkjs, { type ElkNode } from 'elkjs';
import type {
  GraphLayout,
  LayoutBox,
  LayoutLink,
  Placement,
  Point,
} from '../../../application/web/ports/graph-layout.ts';

type Elk = InstanceType<typeof elkjs.default>;

/** ELK's layered (Sugiyama) algorithm, top to bottom, edges routed orthogonally around the boxes. */
const OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.spacing.nodeNode': '28',
  'elk.layered.spacing.nodeNodeBetweenLayers': '44',
  'elk.spacing.edgeLabel': '4',
  'elk.padding': '[top=12,left=12,bottom=12,right=12]',
};

/**
 * Layouts by `elkjs` run in this process: without a `workerUrl`, elkjs runs its layout code on the calling
 * thread (its fake worker), so no Worker file is loaded. The engine (1.6 MB of generated code) is loaded on
 * the first layout only.
 */
export class ElkGraphLayout implements GraphLayout {
  #elk: Elk | undefined;

  async layout(boxes: readonly LayoutBox[], links: readonly LayoutLink[]): Promise<Placement> {
    this.#elk ??= new elkjs.default();
    const graph: ElkNode = {
      id: 'graph',
      layoutOptions: OPTIONS,
      children: boxes.map(({ id, width, height }) => ({ id, width, height })),
      edges: links.map((link, index) => ({
        id: `e${index}`,
        sources: [link.from],
        targets: [link.to],
        // ELK places only labels that have a text; their size is what counts, the text is never drawn here.
        labels: link.label ? [{ id: `l${index}`, text: 'label', ...link.label }] : [],
      })),
    };
    const laid = await this.#elk.layout(graph);
    const placed = new Map((laid.children ?? []).map((child) => [child.id, child]));
    const routes = new Map((laid.edges ?? []).map((edge) => [edge.id, edge]));
    return {
      width: laid.width ?? 0,
      height: laid.height ?? 0,
      boxes: boxes.map((box) => {
        const child = placed.get(box.id);
        return { ...box, x: child?.x ?? 0, y: child?.y ?? 0 };
      }),
      links: links.map((link, index) => {
        const edge = routes.get(`e${index}`);
        const points: Point[] = (edge?.sections ?? []).flatMap((section) => [
          section.startPoint,
          ...(section.bendPoints ?? []),
          section.endPoint,
        ]);
        const label = edge?.labels?.[0];
        return {
          from: link.from,
          to: link.to,
          points,
          ...(label && { label: { x: label.x ?? 0, y: label.y ?? 0 } }),
        };
      }),
    };
  }
}
