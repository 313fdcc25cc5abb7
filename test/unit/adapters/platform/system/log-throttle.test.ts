import { expect } from 'chai';
import { LogThrottle } from '../../../../../src/adapters/platform/system/log-throttle.ts';

describe('LogThrottle', () => {
  const throttle = (maxKeys?: number) => {
    const time = { now: 0 };
    const t = new LogThrottle({
      burst: 2,
      intervalMs: 1000,
      now: () => time.now,
      ...(maxKeys ? { maxKeys } : {}),
    });
    return { t, time };
  };

  it('logs a burst per key and interval, then counts, and reports the count on the next line', () => {
    const { t, time } = throttle();
    const first = Array.from({ length: 5 }, () => t.take('a'));
    expect(first).to.deep.equal([
      { log: true, suppressed: 0 },
      { log: true, suppressed: 0 },
      { log: false },
      { log: false },
      { log: false },
    ]);
    expect(t.take('b'), 'keys are apart').to.deep.equal({ log: true, suppressed: 0 });
    time.now = 999;
    expect(t.take('a')).to.deep.equal({ log: false });
    time.now = 1000;
    expect(t.take('a')).to.deep.equal({ log: true, suppressed: 4 });
    expect(t.take('a')).to.deep.equal({ log: true, suppressed: 0 });
    expect(t.take('a')).to.deep.equal({ log: false });
  });

  it('bounds its keys: past the maximum, new keys share one budget', () => {
    const { t, time } = throttle(3);
    for (const key of ['a', 'b', 'c']) t.take(key);
    const flood = Array.from({ length: 100 }, (_, i) => t.take(`new${i}`));
    expect(flood.filter((v) => v.log)).to.have.length(2);
    time.now = 5000; // ended windows without a count to report are forgotten
    expect(t.take('d')).to.deep.equal({ log: true, suppressed: 0 });
  });
});
