// Master-key rotation: re-seals everything sealed under the old master key (access-token signing keys,
// webhook signing secrets and TOTP secrets) under the configured one (MASTER_KEY, else DATA_DIR/master.key), in one
// transaction; running it twice is harmless. Stop the servers first.
// Usage: OLD_MASTER_KEY=<base64 32 bytes> node scripts/reseal-master-key.ts  (with the server's DATABASE_URL /
// DATA_DIR). Signing keys keep their kid and webhook senders keep their secrets: nothing outside changes.

import { totpSecretBox } from '../src/adapters/identity/crypto/totp-secret-box.ts';
import { resealSigningKeys } from '../src/adapters/identity/postgres/reseal-signing-keys.ts';
import { resealTotpSecrets } from '../src/adapters/identity/postgres/reseal-totp-secrets.ts';
import { AesGcmSecretBox } from '../src/adapters/platform/crypto/aes-gcm-secret-box.ts';
import { loadMasterKey } from '../src/adapters/platform/crypto/master-key.ts';
import { openPostgres } from '../src/adapters/platform/postgres/open-postgres.ts';
import { createLogger } from '../src/adapters/platform/system/logger.ts';
import { webhookSecretBox } from '../src/adapters/triggers/crypto/webhook-secret-box.ts';
import { resealWebhookSecrets } from '../src/adapters/triggers/postgres/reseal-webhook-secrets.ts';
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
const db = await openPostgres(config, createLogger('warn'), entitySchemas);
try {
  const [keys, secrets, totp] = await db.transaction(async () => [
    await resealSigningKeys(
      db,
      new AesGcmSecretBox({ masterKey: from }),
      new AesGcmSecretBox({ masterKey: to }),
    ),
    await resealWebhookSecrets(db, webhookSecretBox(from), webhookSecretBox(to)),
    await resealTotpSecrets(db, totpSecretBox(from), totpSecretBox(to)),
  ]);
  console.log(
    `re-sealed ${keys.resealed} signing key(s), the secrets of ${secrets.resealed} trigger(s) and ${totp.resealed} TOTP secret(s)`,
  );
  if (keys.unreadable + secrets.unreadable + totp.unreadable > 0) {
    process.stderr.write(
      `${keys.unreadable} signing key(s), ${secrets.unreadable} trigger(s) and ${totp.unreadable} TOTP secret(s) open under neither key: left as they are\n`,
    );
    process.exitCode = 1;
  }
} finally {
  await db.close();
}
