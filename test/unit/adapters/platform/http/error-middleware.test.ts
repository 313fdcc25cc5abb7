import { once } from 'node:events';
import { type AddressInfo, connect } from 'node:net';
import { expect } from 'chai';
import Koa from 'koa';
import { pino } from 'pino';
import { jsonBody } from '../../../../../src/adapters/platform/http/body-parsers.ts';
import { errorMiddleware } from '../../../../../src/adapters/platform/http/error-middleware.ts';

describe('errorMiddleware: a client that leaves before its body is read (real socket)', () => {
  it('logs it as the client closing the request, not as an unhandled server error', async () => {
    const lines: { level: number; msg: string }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const gone = Promise.withResolvers<void>();
    const handled = Promise.withResolvers<number>();
    const app = new Koa();
    app.silent = true;
    app.use(async (ctx, next) => {
      await next();
      handled.resolve(ctx.status);
    });
    app.use(errorMiddleware(logger));
    app.use(async (ctx, next) => {
      // The body is read only after the client has gone (as behind a slow authentication step).
      ctx.req.once('close', () => gone.resolve());
      await gone.promise;
      await next();
    });
    app.use(jsonBody(1024));
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
      await once(socket, 'connect');
      socket.write(
        'POST / HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 10\r\n\r\n',
      );
      setTimeout(() => socket.destroy(), 50);
      expect(await handled.promise).to.equal(400);
      expect(lines.filter((line) => line.level >= 50)).to.deep.equal([]);
      expect(lines.map((line) => line.msg)).to.include('client closed the request before its body was read');
    } finally {
      server.close();
    }
  });
});
