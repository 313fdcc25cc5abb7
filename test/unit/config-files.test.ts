import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('configuration: files', () => {
  it('stores files in PostgreSQL by default, and in memory with PERSISTENCE=memory', () => {
    expect(loadConfig({}).files).to.deep.include({
      storage: 'postgres',
      maxBytes: 100 * 1024 * 1024,
      workspaceQuotaBytes: 10 * 1024 * 1024 * 1024,
      s3: undefined,
    });
    expect(loadConfig({ PERSISTENCE: 'memory' }).files.storage).to.equal('memory');
  });

  it('refuses postgres storage without PostgreSQL, s3 without a bucket, and never echoes the S3 secret', () => {
    expect(() => loadConfig({ PERSISTENCE: 'memory', FILE_STORAGE: 'postgres' })).to.throw(
      ConfigError,
      /FILE_STORAGE/,
    );
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).to.throw(ConfigError, /S3_BUCKET/);
    expect(() => loadConfig({ FILE_STORAGE: 'disk' })).to.throw(ConfigError, /FILE_STORAGE/);
    const secret = 'x'.repeat(300);
    expect(() => loadConfig({ S3_SECRET_ACCESS_KEY: secret }))
      .to.throw(ConfigError)
      .with.property('message')
      .that.does.not.include(secret);
    const s3 = loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'files', S3_ENDPOINT: 'http://127.0.0.1:9000' })
      .files.s3;
    expect(s3).to.deep.include({ bucket: 'files', region: 'us-east-1', endpoint: 'http://127.0.0.1:9000' });
  });
});
