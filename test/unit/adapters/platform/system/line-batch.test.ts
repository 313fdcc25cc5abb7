import { expect } from 'chai';
import { LineBatch, type LineStream } from '../../../../../src/adapters/platform/system/line-batch.ts';

describe('LineBatch', () => {
  const recording = () => {
    const calls: string[] = [];
    const stream: LineStream = {
      write: (text) => calls.push(`write ${text}`),
      flush: (callback) => {
        calls.push('flush');
        callback?.();
      },
      flushSync: () => calls.push('flushSync'),
    };
    return { calls, stream };
  };

  it('hands the stream one string per batch, lines in order', () => {
    const { calls, stream } = recording();
    const batch = new LineBatch(stream, 6);
    batch.write('a\n');
    batch.write('b\n');
    expect(calls).to.deep.equal([]);
    batch.write('c\n');
    batch.write('d\n');
    expect(calls).to.deep.equal(['write a\nb\nc\n']);
  });

  it('hands what waits when asked, and nothing when nothing waits', () => {
    const { calls, stream } = recording();
    const batch = new LineBatch(stream, 1024);
    batch.hand();
    batch.write('a\n');
    batch.hand();
    batch.hand();
    expect(calls).to.deep.equal(['write a\n']);
  });

  it('flushes what waits before the stream flushes, with or without the event loop', () => {
    const { calls, stream } = recording();
    const batch = new LineBatch(stream, 1024);
    batch.write('a\n');
    let flushed = false;
    batch.flush(() => (flushed = true));
    batch.write('b\n');
    batch.flushSync();
    expect(flushed).to.equal(true);
    expect(calls).to.deep.equal(['write a\n', 'flush', 'write b\n', 'flushSync']);
  });
});
