import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import { generatedSchema, SCHEMA_FILE } from '../../scripts/generate-client.ts';

describe('TypeScript client: generated types', () => {
  it('are exactly what `make client` makes from GET /api/v2/openapi.json today (run it after changing a route)', async function () {
    this.timeout(60000);
    const committed = await readFile(SCHEMA_FILE, 'utf8');
    const regenerated = await generatedSchema();
    if (regenerated !== committed) {
      const lines = [regenerated.split('\n'), committed.split('\n')] as const;
      const at = lines[0].findIndex((line, index) => line !== lines[1][index]);
      expect.fail(
        `clients/typescript/src/generated/schema.ts is stale (run make client); first difference at line ${at + 1}:\n` +
          `  generated: ${lines[0][at]}\n  committed: ${lines[1][at]}`,
      );
    }
  });
});
