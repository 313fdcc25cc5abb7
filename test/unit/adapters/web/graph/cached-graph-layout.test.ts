import { expect } from 'chai';
import { CachedGraphLayout } from '../../../../../src/adapters/web/graph/cached-graph-layout.ts';
import type { GraphLayout, Placement } from '../../../../../src/application/web/ports/graph-layout.ts';

describe('CachedGraphLayout', () => {
  const placement: Placement = { width: 10, height: 10, boxes: [], links: [] };

  it('lays each graph out once, keeps the latest ones, and forgets a failed layout', async () => {
    const asked: string[] = [];
    let fail = true;
    const inner: GraphLayout = {
      layout: async (boxes) => {
        asked.push(boxes.map((box) => box.id).join());
        if (fail) throw new Error('no layout');
        return placement;
      },
    };
    const cached = new CachedGraphLayout(inner, 2);
    const box = (id: string) => [{ id, width: 1, height: 1 }];
    await cached.layout(box('a'), []).then(
      () => expect.fail('the failure is passed on'),
      (error: Error) => expect(error.message).to.equal('no layout'),
    );
    fail = false;
    expect(await cached.layout(box('a'), [])).to.equal(placement);
    expect(await cached.layout(box('a'), [])).to.equal(placement);
    await cached.layout(box('b'), []);
    await cached.layout(box('c'), []);
    await cached.layout(box('a'), []);
    expect(asked).to.deep.equal(['a', 'a', 'b', 'c', 'a']);
  });
});
