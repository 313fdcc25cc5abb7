import { expect } from 'chai';
import { CronerCronCalendar } from '../../../../src/adapters/schedules/croner-cron-calendar.ts';
import { InvalidInput } from '../../../../src/domain/kernel/errors.ts';

const calendar = new CronerCronCalendar();
const utc = (iso: string) => new Date(iso);

describe('CronerCronCalendar (croner 11)', () => {
  it('gives the next fire strictly after a time, and the latest at or before one', () => {
    const hourly = calendar.fireTimes('0 * * * *', 'UTC');
    expect(hourly.nextAfter(utc('2026-11-21T12:00:00Z'))).to.deep.equal(utc('2026-11-21T13:00:00Z'));
    expect(hourly.latestAtOrBefore(utc('2026-11-21T12:00:00Z'))).to.deep.equal(utc('2026-11-21T12:00:00Z'));
    expect(hourly.latestAtOrBefore(utc('2026-11-21T12:59:59.999Z'))).to.deep.equal(
      utc('2026-11-21T12:00:00Z'),
    );
    expect(hourly.latestAtOrBefore(utc('2026-11-21T11:59:59.500Z'))).to.deep.equal(
      utc('2026-11-21T11:00:00Z'),
    );
  });

  it('reads the expression in the time zone given', () => {
    const paris = calendar.fireTimes('0 9 * * 1-5', 'Europe/Paris');
    // Friday 2026-11-20 09:00 in Paris (UTC+1), then Monday.
    expect(paris.nextAfter(utc('2026-11-20T07:00:00Z'))).to.deep.equal(utc('2026-11-20T08:00:00Z'));
    expect(paris.nextAfter(utc('2026-11-20T08:00:00Z'))).to.deep.equal(utc('2026-11-23T08:00:00Z'));
  });

  it('spring forward: a 02:30 schedule fires once, right after the gap, on the day 02:30 does not exist', () => {
    // New York, 2026-03-08: clocks go from 02:00 EST to 03:00 EDT.
    const times = calendar.fireTimes('30 2 * * *', 'America/New_York');
    const onTheDay = times.nextAfter(utc('2026-03-08T05:00:00Z'));
    expect(onTheDay).to.deep.equal(utc('2026-03-08T07:00:00Z')); // 03:00 EDT
    expect(times.nextAfter(onTheDay as Date)).to.deep.equal(utc('2026-03-09T06:30:00Z')); // 02:30 EDT
    expect(times.latestAtOrBefore(utc('2026-03-08T07:10:00Z'))).to.deep.equal(onTheDay);
    expect(times.nextAfter(utc('2026-03-07T05:00:00Z'))).to.deep.equal(utc('2026-03-07T07:30:00Z')); // 02:30 EST
  });

  it('fall back: a 01:30 schedule fires once, at the first 01:30, on the day 01:30 happens twice', () => {
    // New York, 2026-11-01: clocks go from 02:00 EDT back to 01:00 EST.
    const times = calendar.fireTimes('30 1 * * *', 'America/New_York');
    const first = times.nextAfter(utc('2026-11-01T04:00:00Z'));
    expect(first).to.deep.equal(utc('2026-11-01T05:30:00Z')); // 01:30 EDT
    expect(times.nextAfter(first as Date), 'not again at 01:30 EST').to.deep.equal(
      utc('2026-11-02T06:30:00Z'),
    );
    expect(times.latestAtOrBefore(utc('2026-11-01T06:45:00Z'))).to.deep.equal(first);
  });

  it('refuses what it cannot read with InvalidInput naming the problem', () => {
    expect(() => calendar.fireTimes('61 * * * *', 'UTC')).to.throw(InvalidInput, /cron is not valid/);
    expect(() => calendar.fireTimes('0 * * * *', 'Mars/Olympus')).to.throw(InvalidInput, /IANA/);
  });
});
