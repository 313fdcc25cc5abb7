import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import Koa, { type Middleware } from 'koa';
import { jsonBody, urlEncodedBody } from '../../../../../src/adapters/platform/http/body-parsers.ts';
import { closeServer, listen } from '../../../../../src/adapters/platform/system/server.ts';

/** Answers with what the parser left in `ctx.request.body` and whether the body stream was still unread. */
async function parsedBy(parser: Middleware, type: string, body: string): Promise<unknown> {
  const app = new Koa();
  app.use(parser);
  app.use((ctx) => {
    ctx.body = {
      body: ctx.request.body ?? null,
      unread: ctx.req.readableLength > 0 || !ctx.req.readableEnded,
    };
  });
  const server: Server = await listen(app, 0, '127.0.0.1');
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`, {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    });
    return await response.json();
  } finally {
    await closeServer(server, 1000);
  }
}

describe('body parsers (koa-body)', () => {
  it('parses any JSON value on the JSON parser and leaves a form, text or multipart body unread', async () => {
    expect(await parsedBy(jsonBody(64), 'application/json', '"a string"')).to.deep.equal({
      body: 'a string',
      unread: false,
    });
    for (const type of [
      'application/x-www-form-urlencoded',
      'text/plain',
      'multipart/form-data; boundary=x',
    ]) {
      expect(await parsedBy(jsonBody(64), type, 'a=1'), type).to.deep.equal({ body: null, unread: true });
    }
  });

  it('parses a url-encoded form on the form parser and leaves a JSON, text or multipart body unread', async () => {
    expect(await parsedBy(urlEncodedBody(64), 'application/x-www-form-urlencoded', 'a=1&b=2')).to.deep.equal({
      body: { a: '1', b: '2' },
      unread: false,
    });
    for (const type of ['application/json', 'text/plain', 'multipart/form-data; boundary=x']) {
      expect(await parsedBy(urlEncodedBody(64), type, '{}'), type).to.deep.equal({
        body: null,
        unread: true,
      });
    }
  });
});
