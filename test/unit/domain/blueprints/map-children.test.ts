import { expect } from 'chai';
import { type MapChild, mapProgress } from '../../../../src/domain/blueprints/map-children.ts';
import { Step, StepNotActive } from '../../../../src/domain/blueprints/step.ts';

const child = (status: string, output: unknown = null, error: MapChild['error'] = null): MapChild => ({
  status,
  output,
  error,
});

describe('the children of a map step over task nodes (domain rules)', () => {
  it('creates children in element order up to the cap of unfinished ones', () => {
    expect(mapProgress([null, null, null, null, null], new Map(), 2)).to.deep.equal({
      type: 'running',
      start: [0, 1],
    });
    const found = new Map([
      ['a', child('succeeded', 1)],
      ['b', child('running')],
    ]);
    expect(mapProgress(['a', 'b', null, null, null], found, 2)).to.deep.equal({
      type: 'running',
      start: [2],
    });
    // A child not read yet counts as unfinished: never more than the cap.
    expect(mapProgress(['a', 'b', 'c', null], found, 2)).to.deep.equal({ type: 'running', start: [] });
    expect(mapProgress([null], new Map(), 0)).to.deep.equal({ type: 'running', start: [0] });
  });

  it('succeeds with the outputs in element order once every element succeeded, whatever order they finished in', () => {
    const found = new Map([
      ['c', child('succeeded', { n: 3 })],
      ['a', child('succeeded', { n: 1 })],
      ['b', child('succeeded', { n: 2 })],
    ]);
    expect(mapProgress(['a', 'b', 'c'], found, 1)).to.deep.equal({
      type: 'succeeded',
      output: [{ n: 1 }, { n: 2 }, { n: 3 }],
    });
  });

  it('fails with the lowest failed element, naming it, and lists the unfinished children to cancel', () => {
    const found = new Map([
      ['a', child('succeeded', 1)],
      ['b', child('running')],
      ['c', child('failed', null, { code: 'bad', message: 'no' })],
      ['d', child('cancelled')],
      ['e', child('queued')],
    ]);
    expect(mapProgress(['a', 'b', 'c', 'd', 'e', null], found, 4)).to.deep.equal({
      type: 'failed',
      error: { code: 'bad', message: 'element 2: no' },
      unfinished: ['b', 'e'],
    });
    expect(mapProgress(['d'], found, 4)).to.deep.include({
      error: { code: 'cancelled', message: 'element 0: the child run was cancelled' },
    });
  });

  it("a step records each element's child once; a child finishing is matched by its index", () => {
    const step = Step.forNodes('r', [{ id: 'each', kind: 'map' }])[0] as Step;
    const now = new Date('2026-11-26T00:00:00Z');
    step.start(now, new Date(now.getTime() + 10_000));
    step.awaitChildren([{ a: 1 }, { a: 2 }]);
    expect(step).to.deep.include({ mapChildren: [null, null], dueAt: null });
    step.mapChildAdded(1, 'c1');
    expect(() => step.mapChildAdded(1, 'again')).to.throw(StepNotActive);
    expect(() => step.mapChildAdded(2, 'past')).to.throw(StepNotActive);
    expect(step.childRunIds).to.deep.equal(['c1']);
    // Another step's child, or the child of another element index, changes nothing.
    step.childFinished('c1', 0, now);
    step.childFinished('c1', null, now);
    expect(step.dueAt).to.equal(null);
    step.childFinished('c1', 1, now);
    expect(step.dueAt).to.deep.equal(now);
  });

  it('a cancelled map step stays due until its children are cancelled; a retry forgets them', () => {
    const step = Step.forNodes('r', [{ id: 'each', kind: 'map' }])[0] as Step;
    const now = new Date('2026-11-26T00:00:00Z');
    step.start(now, new Date(now.getTime() + 10_000));
    step.awaitChildren([{}, {}, {}]);
    step.mapChildAdded(0, 'c0');
    step.mapChildAdded(2, 'c2');
    step.cancel(now);
    expect(step.childrenToCancel).to.deep.equal(['c0', 'c2']);
    step.childCancelled();
    expect(step.childrenToCancel).to.deep.equal([]);
    step.reopen();
    expect(step).to.deep.include({ status: 'pending', mapChildren: null });
  });
});
