import { expect } from 'chai';
import { medianSample, statCpuMs, statusFieldMb } from '../../../scripts/measure-startup.ts';

describe('measure-startup', () => {
  const status = 'Name:\tnode\nVmHWM:\t  204800 kB\nVmRSS:\t  122880 kB\nRssAnon:\t   70000 kB\n';

  it('reads a kB field of /proc/<pid>/status in MB', () => {
    expect(statusFieldMb(status, 'VmRSS')).to.equal(120);
    expect(statusFieldMb(status, 'VmHWM')).to.equal(200);
  });

  it('refuses a status without the field', () => {
    expect(() => statusFieldMb(status, 'VmSwap')).to.throw(/no VmSwap/);
  });

  it('reads the CPU time from /proc/<pid>/stat, whose command name may hold spaces and parentheses', () => {
    const stat = '4242 (node (x) y) S 1 4242 4242 0 -1 4194304 9000 0 0 0 87 13 0 0 20 0 11 0 100 0';
    expect(statCpuMs(stat)).to.equal(1000);
  });

  it('takes the median of each figure on its own', () => {
    const sample = (readyMs: number, rssMb: number, heapUsedMb: number, externalMb: number) => ({
      readyMs,
      cpuMs: readyMs / 2,
      rssMb,
      heapUsedMb,
      externalMb,
    });
    const median = medianSample([sample(900, 130, 30, 5), sample(700, 110, 40, 4), sample(800, 150, 20, 6)]);
    expect(median).to.deep.equal(sample(800, 130, 30, 5));
  });
});
