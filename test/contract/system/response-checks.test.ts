import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { checkedResponses, checkResponsesOf } from '../../support/openapi-responses.ts';

/** The check every HTTP test's answers go through (installed by the root hooks) refuses what the contract does. */
describe('answers checked against the served OpenAPI document', () => {
  it('rejects a body outside its schema, an undeclared status and an undeclared content type', async () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/api/things/{id}': {
          get: {
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      required: ['level'],
                      properties: { level: { type: ['string', 'null'], enum: ['info', 'warn'] } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    };
    const answers: Record<string, [number, string, string]> = {
      '/api/things/good': [200, 'application/json', '{"level":"info"}'],
      '/api/things/nullable-enum': [200, 'application/json', '{"level":null}'],
      '/api/things/teapot': [418, 'application/json', '{}'],
      '/api/things/text': [200, 'text/plain', 'hello'],
    };
    const server = createServer((req, res) => {
      if (req.url === '/api/v2/openapi.json') return res.writeHead(200).end(JSON.stringify(document));
      const [status, type, body] = answers[req.url ?? ''] ?? [404, 'application/json', '{}'];
      res.writeHead(status, { 'content-type': type }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      checkResponsesOf(base);
      const before = checkedResponses();
      expect((await fetch(`${base}/api/things/good`)).status).to.equal(200);
      expect(checkedResponses()).to.equal(before + 1);
      const refusals = await Promise.all(
        ['nullable-enum', 'teapot', 'text'].map((path) =>
          fetch(`${base}/api/things/${path}`).then(
            () => '',
            (error: Error) => error.message,
          ),
        ),
      );
      expect(refusals[0]).to.match(/level must be equal to one of the allowed values/);
      expect(refusals[1]).to.match(/status not declared/);
      expect(refusals[2]).to.match(/with text\/plain: the contract declares application\/json/);
    } finally {
      server.close();
    }
  });
});
