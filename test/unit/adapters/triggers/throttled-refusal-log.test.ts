import { expect } from 'chai';
import { pino } from 'pino';
import { LogThrottle } from '../../../../src/adapters/platform/system/log-throttle.ts';
import { ThrottledRefusalLog } from '../../../../src/adapters/triggers/logging/throttled-refusal-log.ts';
import { type DeliverySummary, rejectedDelivery } from '../../../../src/domain/triggers/delivery.ts';

describe('ThrottledRefusalLog', () => {
  it('writes a bounded number of entries and lines per trigger, with the count left out, metadata only', () => {
    const lines: Record<string, unknown>[] = [];
    const written: DeliverySummary[] = [];
    const time = { now: 0 };
    const log = new ThrottledRefusalLog({
      deliveries: { addLogEntry: async (entry) => void written.push(entry) },
      logger: pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) }),
      throttle: new LogThrottle({ burst: 3, intervalMs: 60_000, now: () => time.now }),
    });
    const refusal = (triggerId: string) =>
      rejectedDelivery({
        id: crypto.randomUUID(),
        triggerId,
        receivedAt: new Date(time.now),
        sourceIp: '192.0.2.1',
        reason: 'invalid_signature',
        sizeBytes: 12,
        contentType: 'application/json',
      });
    for (let i = 0; i < 1000; i++) log.record(refusal('t1'));
    log.record(refusal('t2'));
    expect(written).to.have.length(4);
    expect(lines.map((l) => [l.triggerId, l.reason, l.suppressed])).to.deep.equal([
      ['t1', 'invalid_signature', undefined],
      ['t1', 'invalid_signature', undefined],
      ['t1', 'invalid_signature', undefined],
      ['t2', 'invalid_signature', undefined],
    ]);
    time.now = 60_000;
    log.record(refusal('t1'));
    expect(lines.at(-1)).to.include({ triggerId: 't1', suppressed: 997, msg: 'webhook delivery refused' });
    expect(Object.keys(lines.at(-1) ?? {})).to.not.include.members(['sourceIp', 'body', 'headers']);
  });
});
