import { expect } from 'chai';
import { BoundedQueue } from '../../../../../src/adapters/platform/crypto/bounded-queue.ts';
import { observed, outcomeOf } from '../../../../../src/adapters/platform/metrics/outcomes.ts';
import {
  NoMetrics,
  PromClientMetrics,
} from '../../../../../src/adapters/platform/metrics/prom-client-metrics.ts';
import { DomainError } from '../../../../../src/domain/kernel/errors.ts';

describe('PromClientMetrics', () => {
  it('lists a declared metric before its first sample, and one declared twice is one metric', async () => {
    const metrics = new PromClientMetrics();
    const spec = { name: 'things_total', help: 'Things', labelNames: ['kind'] } as const;
    metrics.counter(spec);
    expect(await metrics.exposition()).to.include('# TYPE things_total counter');
    metrics.counter(spec).inc({ kind: 'a' });
    metrics.counter(spec).inc({ kind: 'a' }, 2);
    expect(await metrics.exposition()).to.include('things_total{kind="a"} 3');
  });

  it('keeps the registry per instance: two containers in one process never share counts', async () => {
    const [a, b] = [new PromClientMetrics(), new PromClientMetrics()];
    a.counter({ name: 'shared_total', help: 'x', labelNames: [] }).inc({});
    b.counter({ name: 'shared_total', help: 'x', labelNames: [] });
    expect(await b.exposition()).to.include('shared_total 0');
  });

  it('reads gauges and counter readings at each scrape', async () => {
    const metrics = new PromClientMetrics();
    let depth = 2;
    metrics.gauge({
      name: 'depth',
      help: 'Depth',
      labelNames: ['state'],
      read: () => [{ labels: { state: 'waiting' }, value: depth }],
    });
    metrics.counterReading({
      name: 'reads_total',
      help: 'Reads',
      labelNames: [],
      read: () => [{ labels: {}, value: depth * 10 }],
    });
    expect(await metrics.exposition())
      .to.include('depth{state="waiting"} 2')
      .and.include('reads_total 20');
    depth = 5;
    expect(await metrics.exposition())
      .to.include('depth{state="waiting"} 5')
      .and.include('reads_total 50');
  });

  it('observes histograms in the default duration buckets, with process defaults beside them', async () => {
    const metrics = new PromClientMetrics();
    metrics.histogram({ name: 'took_seconds', help: 'Took', labelNames: [] }).observe({}, 0.003);
    const text = await metrics.exposition();
    expect(text).to.include('took_seconds_bucket{le="0.005"} 1').and.include('took_seconds_count 1');
    expect(text).to.include('# TYPE process_cpu_user_seconds_total counter');
  });

  it('NoMetrics takes every declaration and records nothing', () => {
    const metrics = new NoMetrics();
    metrics.counter({ name: 'a_total', help: 'a', labelNames: [] }).inc({});
    metrics.histogram({ name: 'b_seconds', help: 'b', labelNames: [] }).observe({}, 1);
    metrics.gauge({ name: 'c', help: 'c', labelNames: [], read: () => [] });
  });
});

describe('outcomeOf and observed', () => {
  it('labels a call ok, by the stable code of a domain error, or error: never by a message', async () => {
    expect(outcomeOf()).to.equal('ok');
    expect(outcomeOf(new DomainError('invalid', 'validation_failed', 'name "alice" is taken'))).to.equal(
      'validation_failed',
    );
    expect(outcomeOf(new Error('connection to 10.0.0.1 refused'))).to.equal('error');
    expect(outcomeOf({ code: 'Not A Code /api/x' })).to.equal('error');
    const seen: string[] = [];
    const double = observed(
      async (n: number) => {
        if (n < 0) throw new DomainError('invalid', 'negative', 'no');
        return n * 2;
      },
      (outcome, seconds, result) => seen.push(`${outcome}:${result}:${seconds >= 0}`),
    );
    expect(await double(2)).to.equal(4);
    await double(-1).then(
      () => expect.fail('should throw'),
      (error: DomainError) => expect(error.code).to.equal('negative'),
    );
    expect(seen).to.deep.equal(['ok:4:true', 'negative:undefined:true']);
  });
});

describe('BoundedQueue wait observations', () => {
  it('reports 0 for a job that found a slot free, and a wait for one that queued', async () => {
    const waits: number[] = [];
    const queue = new BoundedQueue({ concurrency: 1, observeWait: (seconds) => waits.push(seconds) });
    const { promise: held, resolve: release } = Promise.withResolvers<void>();
    const first = queue.run(() => held);
    const second = queue.run(async () => {});
    expect(queue.waiting).to.equal(1);
    release();
    await Promise.all([first, second]);
    expect(waits).to.have.length(2);
    expect(waits[0]).to.equal(0);
    expect(waits[1]).to.be.at.least(0);
  });
});
