import { expect } from 'chai';
import { parseTraceparent } from '../../../../src/domain/kernel/traceparent.ts';

describe('parseTraceparent (W3C Trace Context, version 00)', () => {
  const valid = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

  it('keeps a well-formed traceparent, sampled or not', () => {
    expect(parseTraceparent(valid)).to.equal(valid);
    expect(parseTraceparent(valid.replace(/01$/, '00'))).to.equal(valid.replace(/01$/, '00'));
    expect(parseTraceparent(` ${valid} `), 'surrounding blanks (header folding)').to.equal(valid);
  });

  it('drops anything else: a new trace starts instead', () => {
    for (const bad of [
      undefined,
      null,
      42,
      '',
      'garbage',
      valid.toUpperCase(),
      `${valid}-00`,
      `ff${valid.slice(2)}`,
      `01${valid.slice(2)}`,
      `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`,
      `00-4bf92f3577b34da6a3ce929d0e0e4736-${'0'.repeat(16)}-01`,
      '00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01',
    ]) {
      expect(parseTraceparent(bad), String(bad)).to.equal(null);
    }
  });
});
