// Master-key rotation: re-seals everything sealed under the old master key (access-token signing keys, the
// webhook signing secrets of triggers and of outbound endpoints, the content of e-mails still queued, TOTP secrets) under the
// configured one (MASTER_KEY, else DATA_DIR/master.key), in one transaction; running it twice is harmless.
// Stop the servers first.
// Usage: OLD_MASTER_KEY=<base64 32 bytes> node scripts/reseal-master-key.ts  (with the server's DATABASE_URL /
// DATA_DIR). Signing keys keep their kid and webhook senders and receivers keep their secrets: nothing outside
// changes.

import { totpSecretBox } from '../src/adapters/identity/crypto/totp-secret-box.ts';
import { resealSigningKeys } from '../src/adapters/identity/postgres/reseal-signing-keys.ts';
import { resealTotpSecrets } from '../src/adapters/identity/postgres/reseal-totp-secrets.ts';
import { resealProviderKeys } from '../src/adapters/models/postgres/reseal-provider-keys.ts';
import { resealEmailOutbox } from '../src/adapters/notifications/postgres/reseal-email-outbox.ts';
import { AesGcmSecretBox } from '../src/adapters/platform/crypto/aes-gcm-secret-box.ts';
import { loadMasterKey } from '../src/adapters/platform/crypto/master-key.ts';
import { openPostgres } from '../src/adapters/platform/postgres/open-postgres.ts';
import { createLogger } from '../src/adapters/platform/system/logger.ts';
import { webhookSecretBox } from '../src/adapters/triggers/crypto/webhook-secret-box.ts';
import { resealWebhookSecrets } from '../src/adapters/triggers/postgres/reseal-webhook-secrets.ts';
import { resealEndpointSecrets } from '../src/adapters/webhooks/postgres/reseal-endpoint-secrets.ts';
import { entitySchemas } from '../src/composition/entity-schemas.ts';
import { loadConfig } from '../src/config.ts';

const config = loadConfig();
const oldKey = process.env.OLD_MASTER_KEY;
if (!oldKey) {
  process.stderr.write('OLD_MASTER_KEY (the master key the values are sealed with now) is required\n');
  process.exit(2);
}
const from = await loadMasterKey({ masterKey: oldKey, dataDir: config.dataDir });
const to = await loadMasterKey(config);
const [box, toBox] = [new AesGcmSecretBox({ masterKey: from }), new AesGcmSecretBox({ masterKey: to })];
const [webhookBox, toWebhookBox] = [webhookSecretBox(from), webhookSecretBox(to)];

// Every value sealed with a box derived from the master key, one entry per table (a test lists the sealed
// columns of the schema: test/integration/platform/reseal-master-key-script.test.ts).
const SEALED = [
  ['signing key(s)', (db) => resealSigningKeys(db, box, toBox)],
  ['trigger(s)', (db) => resealWebhookSecrets(db, webhookBox, toWebhookBox)],
  ['outbound endpoint(s)', (db) => resealEndpointSecrets(db, webhookBox, toWebhookBox)],
  ['queued e-mail(s)', (db) => resealEmailOutbox(db, box, toBox)],
  ['TOTP secret(s)', (db) => resealTotpSecrets(db, totpSecretBox(from), totpSecretBox(to))],
  ['model provider key(s)', (db) => resealProviderKeys(db, webhookBox, toWebhookBox)],
] as const satisfies readonly (readonly [string, Resealer])[];
type Resealer = (db: Database) => Promise<{ resealed: number; unreadable: number }>;
type Database = Awaited<ReturnType<typeof openPostgres>>;

const db = await openPostgres(config, createLogger('warn'), entitySchemas);
try {
  const counts = await db.transaction(async () => {
    const done: { resealed: number; unreadable: number }[] = [];
    for (const [, reseal] of SEALED) done.push(await reseal(db));
    return done;
  });
  const report = (key: 'resealed' | 'unreadable') =>
    SEALED.map(([what], i) => `${counts[i]?.[key]} ${what}`).join(', ');
  console.log(`re-sealed ${report('resealed')}`);
  if (counts.some((count) => count.unreadable > 0)) {
    process.stderr.write(`open under neither key, left as they are: ${report('unreadable')}\n`);
    process.exitCode = 1;
  }
} finally {
  await db.close();
}
