import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { PostgresEmailOutbox } from '../../../src/adapters/notifications/postgres/postgres-email-outbox.ts';
import { AesGcmSecretBox } from '../../../src/adapters/platform/crypto/aes-gcm-secret-box.ts';
import { webhookSecretBox } from '../../../src/adapters/triggers/crypto/webhook-secret-box.ts';
import { PostgresTriggerRepository } from '../../../src/adapters/triggers/postgres/postgres-trigger-repository.ts';
import { PostgresWebhookEndpointRepository } from '../../../src/adapters/webhooks/postgres/postgres-webhook-endpoint-repository.ts';
import { OutgoingEmail } from '../../../src/domain/notifications/outgoing-email.ts';
import { WebhookEndpoint } from '../../../src/domain/webhooks/webhook-endpoint.ts';
import { postgresWorld, seedMission, seedUser, T0 } from '../../support/persistence-world.ts';
import { testDatabase } from '../../support/test-database.ts';
import { triggerOn } from '../../support/trigger-fixtures.ts';

const run = promisify(execFile);

describe('scripts/reseal-master-key.ts (master-key rotation, end to end)', () => {
  it('re-seals every value sealed under the old key: trigger and outbound endpoint secrets, queued e-mails', async function () {
    this.timeout(60_000);
    const { db, url } = await testDatabase();
    const world = await postgresWorld();
    const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];
    const { workspace } = await seedUser(world);

    const trigger = triggerOn(await seedMission(world, workspace.id), {
      name: 'rotated',
      signingSecret: 'whsec_trigger-long-enough-secret',
    });
    await new PostgresTriggerRepository({ db, webhookSecretBox: webhookSecretBox(oldKey) }).add(trigger);

    const endpoint = WebhookEndpoint.create(
      {
        id: randomUUID(),
        workspaceId: workspace.id,
        url: 'https://hooks.example/in',
        eventTypes: ['run.failed'],
        signingSecret: 'whsec_endpoint-current-secret-value',
      },
      T0,
    );
    endpoint.rotateSecret('whsec_endpoint-next-secret-value', T0);
    const endpointsWith = (key: Buffer) =>
      new PostgresWebhookEndpointRepository({ db, webhookSecretBox: webhookSecretBox(key) });
    await endpointsWith(oldKey).add(endpoint);

    const outboxWith = (key: Buffer) =>
      new PostgresEmailOutbox({ db, secretBox: new AesGcmSecretBox({ masterKey: key }) });
    const content = { to: 'ann@example.com', subject: 'Verify', text: 'link', html: '<p>link</p>' };
    // Not due before 2100, and deleted below: the outbox is shared with other tests' dispatchers, which could not
    // open it.
    const email = OutgoingEmail.queue(randomUUID(), content, new Date('2100-01-01T00:00:00Z'));
    await outboxWith(oldKey).add(email);

    try {
      // Other tests' rows (sealed under other keys) share the database: the script leaves them and exits 1.
      const result = await run(process.execPath, ['scripts/reseal-master-key.ts'], {
        env: {
          PATH: process.env.PATH,
          DATABASE_URL: url,
          DATA_DIR: '/nonexistent',
          LOG_LEVEL: 'silent',
          OLD_MASTER_KEY: oldKey.toString('base64'),
          MASTER_KEY: newKey.toString('base64'),
        },
      }).catch((error: { stdout: string; stderr: string; code: number }) => error);
      expect(result.stdout).to.match(/re-sealed/);

      const resealed = await new PostgresTriggerRepository({
        db,
        webhookSecretBox: webhookSecretBox(newKey),
      }).findById(trigger.id);
      expect(resealed?.activeSecrets(T0)).to.deep.equal(['whsec_trigger-long-enough-secret']);
      const moved = await endpointsWith(newKey).findById(endpoint.id);
      expect(moved?.activeSecrets(T0)).to.deep.equal([
        'whsec_endpoint-next-secret-value',
        'whsec_endpoint-current-secret-value',
      ]);
      expect((await outboxWith(newKey).findById(email.id))?.content).to.deep.equal(content);
    } finally {
      await db.query('delete from email_outbox where id = $1', [email.id]);
      await endpointsWith(newKey).delete(endpoint.id);
    }
  });

  it('knows every sealed column of the schema (a new one must join the script)', async () => {
    const { db } = await testDatabase();
    const columns = await db.query<{ name: string }>(
      `select table_name || '.' || column_name as name from information_schema.columns
        where table_schema = current_schema() and (column_name like '%sealed%' or column_name like '%encrypted%')
        order by 1`,
      [],
    );
    expect(columns.map((c) => c.name)).to.deep.equal([
      'email_outbox.sealed_content',
      'model_providers.api_key_sealed',
      'signing_keys.private_key_encrypted',
      'triggers.previous_secret_sealed',
      'triggers.signing_secret_sealed',
      'user_two_factor.sealed_secret',
      'webhook_endpoints.previous_secret_sealed',
      'webhook_endpoints.signing_secret_sealed',
    ]);
  });
});
