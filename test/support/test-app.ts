import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '../../src/adapters/system/logger.ts';
import { closeServer, listen } from '../../src/adapters/system/server.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { createContainer } from '../../src/container.ts';
import { testDatabase } from './test-database.ts';

export interface TestApp {
  readonly baseUrl: string;
  readonly container: ReturnType<typeof createContainer>;
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** The real application on the real HTTP stack, listening on an ephemeral port, against the test database. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { orm } = await testDatabase();
  const config: Config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', ...env });
  const container = createContainer({ config, logger: createLogger(config.logLevel), orm });
  const server: Server = await listen(container.cradle.httpApp, 0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    container,
    request: (path, init) => fetch(`${baseUrl}${path}`, init),
    close: () => closeServer(server, 1000),
  };
}
