import { hkdfSync, randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ConfigError } from '../../../config.ts';

const KEY_BYTES = 32;
const KEY_FILE = 'master.key';
/** Fixed HKDF salt: the master key is already uniform, the salt only separates this application's keys. */
const HKDF_SALT = 'platform-api/master-key/v1';

export interface MasterKeySource {
  /** `MASTER_KEY`: base64 or base64url of exactly 32 bytes. */
  readonly masterKey: string | undefined;
  /** Where `master.key` is read from, or generated in, when `masterKey` is unset. */
  readonly dataDir: string;
}

/**
 * The 32-byte master key from which every at-rest encryption key and token key is derived: `MASTER_KEY`
 * when set, else `DATA_DIR/master.key`, generated on first start. Throws a ConfigError naming MASTER_KEY
 * (or the file) when the value is not exactly 32 bytes.
 */
export async function loadMasterKey({ masterKey, dataDir }: MasterKeySource): Promise<Buffer> {
  if (masterKey !== undefined) {
    const key = decodeKey(masterKey);
    if (!key)
      throw new ConfigError('invalid configuration: MASTER_KEY must be 32 bytes in base64 or base64url');
    return key;
  }
  return readOrCreateKeyFile(join(dataDir, KEY_FILE));
}

/**
 * A 32-byte subkey of the master key for one purpose (HKDF-SHA256, the purpose as `info`), so that each
 * use (secret box, refresh tokens, ...) has its own key and a leak of one subkey exposes no other.
 */
export function deriveKey(master: Buffer, purpose: string): Buffer {
  if (master.length !== KEY_BYTES) throw new Error('the master key must be 32 bytes');
  if (purpose.length === 0) throw new Error('a derived key needs a purpose');
  return Buffer.from(hkdfSync('sha256', master, HKDF_SALT, purpose, KEY_BYTES));
}

function decodeKey(text: string): Buffer | undefined {
  const unpadded = text.trim().replace(/=$/, '');
  if (!/^[A-Za-z0-9+/_-]{43}$/.test(unpadded)) return undefined;
  const key = Buffer.from(unpadded, 'base64url');
  // 43 characters carry 258 bits: insist the 2 spare bits are zero, so that one key has one spelling.
  const canonical = unpadded.replaceAll('+', '-').replaceAll('/', '_');
  return key.length === KEY_BYTES && key.toString('base64url') === canonical ? key : undefined;
}

/**
 * Two processes starting together on an empty DATA_DIR must end up with the same key: each writes its
 * candidate to a private temporary file and hard-links it to the final name; `link` fails when the name
 * exists, so exactly one candidate wins, the file is never seen half-written, and the losers read the winner.
 */
async function readOrCreateKeyFile(file: string): Promise<Buffer> {
  const existing = await readKeyFile(file);
  if (existing) return existing;

  // No restrictive mode on the folder: the embedded PostgreSQL (another user when running as root) lives below it.
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(`${randomBytes(KEY_BYTES).toString('base64url')}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(temporary, { force: true });
  }
  const created = await readKeyFile(file);
  if (!created) throw new Error(`${file} could not be created`);
  return created;
}

async function readKeyFile(file: string): Promise<Buffer | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const key = decodeKey(text);
  if (!key) {
    throw new ConfigError(
      `invalid configuration: ${file} does not hold a 32-byte base64url key (restore it, or set MASTER_KEY)`,
    );
  }
  return key;
}
