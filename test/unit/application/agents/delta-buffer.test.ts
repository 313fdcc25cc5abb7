import { expect } from 'chai';
import { DELTA_FLUSH_MS, DeltaBuffer } from '../../../../src/application/agents/loop/delta-buffer.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('DeltaBuffer: message.delta events of a streamed answer', () => {
  it('writes the first piece at once, then batches the rest per window, in order', async () => {
    const written: string[] = [];
    const buffer = new DeltaBuffer(async (text) => {
      written.push(text);
    });
    buffer.add('He');
    await sleep(0);
    expect(written).to.deep.equal(['He']);
    for (const piece of ['l', 'l', 'o', ' ', 'there']) buffer.add(piece);
    await sleep(0);
    expect(written).to.deep.equal(['He']);
    await sleep(DELTA_FLUSH_MS + 20);
    expect(written).to.deep.equal(['He', 'llo there']);
    buffer.add('!');
    await buffer.flush();
    expect(written).to.deep.equal(['He', 'llo there', '!']);
  });

  it('ignores empty pieces, and reports a failed write at the next piece', async () => {
    const buffer = new DeltaBuffer(async () => {
      throw new Error('the run was cancelled');
    });
    buffer.add('');
    buffer.add('x');
    await sleep(0);
    expect(() => buffer.add('y')).to.throw('the run was cancelled');
  });
});
