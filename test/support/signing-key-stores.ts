import { InMemorySigningKeyStore } from '../../src/adapters/persistence/in-memory/in-memory-signing-key-store.ts';
import { PostgresSigningKeyStore } from '../../src/adapters/persistence/postgres/postgres-signing-key-store.ts';
import type { SigningKeyStore } from '../../src/application/ports/signing-key-store.ts';
import { testDatabase } from './test-database.ts';

/** Both signing-key store adapters: each suite that takes this list runs once per entry. */
export const SIGNING_KEY_STORES = [
  ['in-memory', async (): Promise<SigningKeyStore> => new InMemorySigningKeyStore()],
  [
    'PostgreSQL',
    async (): Promise<SigningKeyStore> => new PostgresSigningKeyStore({ db: (await testDatabase()).db }),
  ],
] as const;
