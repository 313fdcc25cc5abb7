import type {
  GraphLayout,
  LayoutBox,
  LayoutLink,
  Placement,
} from '../../../application/web/ports/graph-layout.ts';
import { BoundedLru } from '../../platform/caching/bounded-lru.ts';

/**
 * Keeps the placements of the last `maxEntries` graphs drawn. A blueprint version never changes, so its
 * page (and every run page of it) lays its graph out once; the layout runs on the event loop, where a
 * 200-node graph costs a good fraction of a second (docs/BENCHMARKS.md).
 */
export class CachedGraphLayout implements GraphLayout {
  readonly #inner: GraphLayout;
  readonly #placements: BoundedLru<string, Promise<Placement>>;

  constructor(inner: GraphLayout, maxEntries: number) {
    this.#inner = inner;
    this.#placements = new BoundedLru(maxEntries);
  }

  layout(boxes: readonly LayoutBox[], links: readonly LayoutLink[]): Promise<Placement> {
    const key = JSON.stringify([boxes, links]);
    const known = this.#placements.get(key);
    if (known) return known;
    const placement = this.#inner.layout(boxes, links);
    this.#placements.set(key, placement);
    placement.catch(() => this.#placements.delete(key));
    return placement;
  }
}
