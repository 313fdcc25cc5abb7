import { expect } from 'chai';
import { statementSpan } from '../../../../../src/adapters/platform/postgres/statement-span.ts';

describe('statementSpan (the span of a PostgreSQL statement)', () => {
  it('is named by the operation and the first table, and carries the parameterised text', () => {
    expect(statementSpan('select r.id from runs r where r.id = $1').name).to.equal('pg select runs');
    expect(statementSpan('\n  insert into runs (id) values ($1)').name).to.equal('pg insert runs');
    expect(statementSpan('update runs set status = $2 where id = $1').name).to.equal('pg update runs');
    expect(statementSpan('DELETE FROM webhook_deliveries WHERE id = $1').name).to.equal(
      'pg delete webhook_deliveries',
    );
    expect(statementSpan('begin').name).to.equal('pg begin');
    expect(statementSpan('insert into runs (id) values ($1)').attributes).to.deep.equal({
      'db.system.name': 'postgresql',
      'db.operation.name': 'insert',
      'db.collection.name': 'runs',
      'db.query.text': 'insert into runs (id) values ($1)',
    });
    expect(String(statementSpan(`select ${'x'.repeat(5000)}`).attributes['db.query.text'])).to.have.length(
      2000,
    );
  });
});
