import { hostname } from 'node:os';
import { expect } from 'chai';
import { pino } from 'pino';
import { infoLines } from '../../../../../src/adapters/platform/system/log-lines.ts';

describe('infoLines', () => {
  const capture = (options: pino.LoggerOptions = {}) => {
    const lines: string[] = [];
    const logger = pino(
      { timestamp: () => ',"time":42', ...options },
      { write: (line: string) => lines.push(line) },
    );
    return { lines, logger };
  };

  it('writes the line pino writes for the same fields, bindings included', () => {
    const { lines, logger } = capture();
    const child = logger.child({ area: 'http' });
    child.info({ requestId: 'r-1', path: '/a"b', status: 200, ms: 1.5 }, 'request');
    infoLines(child, 'request')(`,"requestId":"r-1","path":${JSON.stringify('/a"b')},"status":200,"ms":1.5`);
    expect(lines).to.have.length(2);
    expect(lines[1]).to.equal(lines[0]);
    expect(lines[1]).to.include('"pid":');
  });

  it('writes nothing when info is below the level, and follows a level changed later', () => {
    const { lines, logger } = capture({ level: 'warn' });
    const write = infoLines(logger, 'request');
    write(',"a":1');
    expect(lines).to.deep.equal([]);
    logger.level = 'info';
    write(',"a":1');
    const bindings = `"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;
    expect(lines).to.deep.equal([`{"level":30,"time":42,${bindings},"a":1,"msg":"request"}\n`]);
  });

  it('refuses a logger whose lines it would not reproduce', () => {
    expect(() => infoLines(pino({ mixin: () => ({ x: 1 }) }), 'request')).to.throw(/mixin/);
    expect(() => infoLines(pino({ messageKey: 'message' }), 'request')).to.throw(/message key/);
  });
});
