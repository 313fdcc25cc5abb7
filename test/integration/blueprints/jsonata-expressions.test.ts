import { expect } from 'chai';
import { JsonataExpressions } from '../../../src/adapters/blueprints/jsonata-expressions.ts';
import { ExpressionFailed } from '../../../src/domain/blueprints/expression-failed.ts';
import { fail } from '../../support/fail.ts';

describe('JSONata expressions, evaluated on a worker thread with a deadline', () => {
  const expressions = new JsonataExpressions();
  after(() => expressions.close());
  const context = {
    input: { body: { items: [1, 2, 3], ok: true } },
    steps: { fetch: { output: { status: 200 } } },
  };

  it('evaluates over {input, steps}: JSON in, JSON out, nothing as undefined', async () => {
    expect(await expressions.evaluate('$sum(input.body.items)', context, 1000)).to.equal(6);
    expect(
      await expressions.evaluate('steps.fetch.output.status = 200 and input.body.ok', context, 1000),
    ).to.equal(true);
    expect(await expressions.evaluate('{"n": $count(input.body.items)}', context, 1000)).to.deep.equal({
      n: 3,
    });
    expect(await expressions.evaluate('input.missing', context, 1000)).to.equal(undefined);
  });

  it('fails an expression that does not parse or fails with ExpressionFailed (code expression_error)', async () => {
    const unparsed = await fail(expressions.evaluate('a.(', context, 1000));
    expect(unparsed).to.be.instanceOf(ExpressionFailed);
    expect((unparsed as ExpressionFailed).code).to.equal('expression_error');
    expect(await fail(expressions.evaluate('$number("x")', context, 1000))).to.be.instanceOf(
      ExpressionFailed,
    );
  });

  it('ends an expression that spins at its deadline without holding up the event loop, then evaluates again', async () => {
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    const started = performance.now();
    const spun = await fail(expressions.evaluate('($f := function($x){$f($x)}; $f(1))', context, 300));
    const took = performance.now() - started;
    clearInterval(ticker);
    expect(spun).to.be.instanceOf(ExpressionFailed);
    expect((spun as Error).message).to.equal('the expression ran longer than 300 ms');
    expect(took).to.be.within(290, 3000);
    // The event loop kept turning while the expression spun on its thread.
    expect(ticks).to.be.above(10);
    expect(await expressions.evaluate('1 + 1', context, 1000)).to.equal(2);
  });

  it('ends only the thread of the expression past its deadline: one evaluating beside it answers', async () => {
    const hostile = fail(expressions.evaluate('($f := function($x){$f($x)}; $f(1))', context, 300));
    const innocent = expressions.evaluate('1 + 1', context, 1000);
    expect(await innocent).to.equal(2);
    expect(await hostile).to.be.instanceOf(ExpressionFailed);
  });
});
