import { expect } from 'chai';
import { FixedWindowCounter } from '../../../../../src/adapters/platform/throttling/fixed-window-counter.ts';

describe('FixedWindowCounter', () => {
  const counter = () => {
    const time = { now: 1_000 };
    return { time, counter: new FixedWindowCounter(2, 60_000, () => time.now) };
  };

  it('allows the budget per key and window, counting refusals, then starts a whole window', () => {
    const { time, counter: c } = counter();
    expect(c.take('a')).to.deep.equal({ allowed: true, remaining: 1, msBeforeNext: 60_000 });
    time.now += 10_000;
    expect(c.take('a')).to.deep.equal({ allowed: true, remaining: 0, msBeforeNext: 50_000 });
    expect(c.take('a')).to.deep.equal({ allowed: false, remaining: 0, msBeforeNext: 50_000 });
    expect(c.take('b').allowed).to.equal(true);
    time.now += 50_000;
    expect(c.take('a')).to.deep.equal({ allowed: true, remaining: 1, msBeforeNext: 60_000 });
  });

  it('forgets the keys of ended windows', () => {
    const { time, counter: c } = counter();
    for (let i = 0; i < 100; i++) c.take(`client-${i}`);
    time.now += 60_000;
    c.take('late');
    expect(c.size).to.equal(1);
  });
});
