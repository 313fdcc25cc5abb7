// `make client`: regenerates clients/typescript/src/generated/schema.ts from the OpenAPI document this very
// code serves at GET /api/v2/openapi.json (the app runs in-process on PERSISTENCE=memory, on a free port).
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { schemaSource } from '../clients/typescript/scripts/schema-source.ts';
import { createLogger } from '../src/adapters/platform/system/logger.ts';
import { closeServer, listen } from '../src/adapters/platform/system/server.ts';
import { loadConfig } from '../src/config.ts';
import { createContainer } from '../src/container.ts';

export const SCHEMA_FILE = new URL('../clients/typescript/src/generated/schema.ts', import.meta.url);

/** The published document, fetched over HTTP from the app with its default configuration. */
export async function servedOpenApiDocument(): Promise<object> {
  const config = loadConfig({ PERSISTENCE: 'memory', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent' });
  const container = createContainer(config, {
    infrastructure: { logger: createLogger('silent'), masterKey: randomBytes(32) },
  });
  const server = await listen(container.cradle.httpApp, 0, '127.0.0.1');
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/api/v2/openapi.json`);
    if (response.status !== 200) throw new Error(`GET /api/v2/openapi.json answered ${response.status}`);
    return (await response.json()) as object;
  } finally {
    await closeServer(server, 1000);
    await container.dispose();
  }
}

/** What `make client` writes: the schema source of the served document. */
export async function generatedSchema(): Promise<string> {
  return schemaSource(await servedOpenApiDocument());
}

if (import.meta.main) {
  await writeFile(SCHEMA_FILE, await generatedSchema());
  console.log(`wrote ${SCHEMA_FILE.pathname}`);
}
