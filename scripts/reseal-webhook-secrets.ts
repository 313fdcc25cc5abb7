// Master-key rotation, webhook part: re-seals every trigger's signing secrets from the old master key to
// the configured one (MASTER_KEY, else DATA_DIR/master.key), in one transaction; running it twice is
// harmless. Usage: OLD_MASTER_KEY=<base64 32 bytes> node scripts/reseal-webhook-secrets.ts
// (with the server's DATABASE_URL / DATA_DIR). The senders' secrets do not change.
import { loadMasterKey } from '../src/adapters/crypto/master-key.ts';
import { webhookSecretBox } from '../src/adapters/crypto/webhook-secret-box.ts';
import { openOrm } from '../src/adapters/persistence/postgres/open-orm.ts';
import { resealWebhookSecrets } from '../src/adapters/persistence/postgres/reseal-webhook-secrets.ts';
import { createLogger } from '../src/adapters/system/logger.ts';
import { loadConfig } from '../src/config.ts';

const config = loadConfig();
const oldKey = process.env.OLD_MASTER_KEY;
if (!oldKey) {
  process.stderr.write('OLD_MASTER_KEY (the master key the secrets are sealed with now) is required\n');
  process.exit(2);
}
const from = webhookSecretBox(await loadMasterKey({ masterKey: oldKey, dataDir: config.dataDir }));
const to = webhookSecretBox(await loadMasterKey(config));
const { orm, close } = await openOrm(config, createLogger('warn'));
try {
  const { resealed, unreadable } = await resealWebhookSecrets(orm, from, to);
  console.log(`re-sealed the secrets of ${resealed} trigger(s) under the configured master key`);
  if (unreadable > 0) {
    process.stderr.write(`${unreadable} trigger(s) open under neither key: left as they are\n`);
    process.exitCode = 1;
  }
} finally {
  await close();
}
