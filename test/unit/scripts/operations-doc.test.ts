import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { configurationTable, DOCUMENTS, withTable } from '../../../scripts/generate-operations.ts';
import { configVariables, loadConfig } from '../../../src/config.ts';

describe('docs/OPERATIONS.md and README.md: the configuration table', () => {
  it('is what the configuration schema generates (run `node scripts/generate-operations.ts` after a change)', () => {
    const table = configurationTable();
    for (const path of DOCUMENTS) {
      const text = readFileSync(path, 'utf8');
      expect(withTable(text, table) === text, `${path} is not the generated table`).to.equal(true);
    }
  });

  it('describes every variable the service reads, with a default that is the one it applies', () => {
    const variables = configVariables();
    expect(variables.length).to.be.above(40);
    const defaults = loadConfig({}) as unknown as Record<string, unknown>;
    for (const variable of variables) {
      expect(variable.meaning, variable.name).to.be.a('string').with.length.above(10);
      expect(variable.default, variable.name).to.match(/^(`.+`|unset|generated|empty)/);
    }
    // Spot checks against the parsed configuration: a documented default is the applied one.
    const shown = (name: string) => variables.find((variable) => variable.name === name)?.default;
    expect(shown('PORT')).to.equal(`\`${defaults.port}\``);
    expect(shown('METRICS_HOST')).to.equal('`127.0.0.1`');
    expect(shown('METRICS_PORT')).to.equal('unset (off)');
    expect(
      variables.filter((variable) => variable.secret).map((variable) => variable.name),
    ).to.include.members(['DATABASE_URL', 'MASTER_KEY', 'METRICS_TOKEN']);
  });

  it('withTable refuses a document without its markers', () => {
    expect(() => withTable('no markers here', 'x')).to.throw(/markers/);
  });
});
