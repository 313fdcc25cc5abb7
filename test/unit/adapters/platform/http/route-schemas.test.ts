import { expect } from 'chai';
import { isRawBody } from '../../../../../src/adapters/platform/http/route.ts';
import { compileSchema } from '../../../../../src/adapters/platform/http/validation.ts';
import { testContainer } from '../../../../support/test-container.ts';

// Validators compile on a route's first request (validation.ts): this is where a schema ajv refuses is caught.
describe('route schemas', () => {
  it('compile, for every declared route: path, query and JSON body', async () => {
    const { cradle, container } = await testContainer();
    try {
      const compiled = cradle.routes.flatMap((route) => [
        ...(route.params ? [compileSchema('params', route.params)] : []),
        ...(route.query ? [compileSchema('query', route.query)] : []),
        ...(route.body && !isRawBody(route.body) ? [compileSchema('body', route.body)] : []),
      ]);
      expect(compiled.length).to.be.greaterThan(cradle.routes.length / 2);
    } finally {
      await container.dispose();
    }
  });

  it('are refused by the compiler when ajv cannot use them (strict mode)', () => {
    expect(() => compileSchema('body', { type: 'object', properties: {}, unknownKeyword: 1 })).to.throw(
      /unknown keyword/,
    );
  });
});
