import { expect } from 'chai';
import { createLogger } from '../../../src/adapters/platform/system/logger.ts';
import { boot } from '../../../src/boot.ts';
import { ConfigError, loadConfig } from '../../../src/config.ts';
import { testDatabase } from '../../support/test-database.ts';

describe('VECTOR_INDEX at boot', () => {
  it('refuses pgvector with memory persistence, naming the variable', () => {
    expect(() => loadConfig({ PERSISTENCE: 'memory', VECTOR_INDEX: 'pgvector' })).to.throw(
      ConfigError,
      'VECTOR_INDEX=pgvector needs PERSISTENCE=postgres',
    );
    expect(() => loadConfig({ VECTOR_INDEX: 'faiss' })).to.throw(ConfigError, /VECTOR_INDEX/);
  });

  it('refuses to start with pgvector when the database has no vector extension, saying what to do', async () => {
    const { url, db } = await testDatabase();
    const [installed] = await db.query("select 1 from pg_extension where extname = 'vector'");
    expect(installed, 'this test needs a database without pgvector').to.equal(undefined);
    const config = loadConfig({
      DATABASE_URL: url,
      VECTOR_INDEX: 'pgvector',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/nonexistent',
    });
    let refused: unknown;
    try {
      const booted = await boot(config, createLogger('silent'));
      await booted.close();
    } catch (error) {
      refused = error;
    }
    expect(refused).to.be.instanceOf(ConfigError);
    expect((refused as Error).message).to.match(
      /VECTOR_INDEX=pgvector needs the PostgreSQL extension "vector"/,
    );
    expect((refused as Error).message).to.match(/VECTOR_INDEX=exact/);
  });
});
