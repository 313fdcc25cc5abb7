import type { AwilixContainer } from 'awilix';
import { requirePgvector } from './adapters/knowledge/postgres/pgvector-check.ts';
import { loadMasterKey } from './adapters/platform/crypto/master-key.ts';
import { invalidTrustedProxies } from './adapters/platform/http/client-ip.ts';
import { openPostgres } from './adapters/platform/postgres/open-postgres.ts';
import type { PostgresDatabase } from './adapters/platform/postgres/postgres-database.ts';
import type { Logger } from './adapters/platform/system/logger.ts';
import { configuredTracing } from './adapters/platform/tracing/otlp-tracing.ts';
import { entitySchemas } from './composition/entity-schemas.ts';
import { type Config, ConfigError } from './config.ts';
import { type Cradle, createContainer } from './container.ts';

export interface Booted {
  readonly container: AwilixContainer<Cradle>;
  /** Disposes the container, closes the pool and lets go of the database. */
  close(): Promise<void>;
}

/** What the server and the CLI share: the database (migrated) when persistent, the master key, the container. */
export async function boot(config: Config, logger: Logger): Promise<Booted> {
  const badProxies = invalidTrustedProxies(config.trustedProxies);
  if (badProxies.length > 0) {
    throw new ConfigError(
      `invalid configuration: TRUSTED_PROXIES entries are not IPs or CIDR ranges: ${badProxies.join(', ')}`,
    );
  }
  // OpenTelemetry's SDK only when OTEL_EXPORTER_OTLP_ENDPOINT is set; nothing at all otherwise.
  const tracing = await configuredTracing(config);
  const database: PostgresDatabase | undefined =
    config.persistence === 'postgres' ? await openPostgres(config, logger, entitySchemas) : undefined;
  try {
    if (database && config.knowledge.vectorIndex === 'pgvector') await requirePgvector(database);
    const masterKey = await loadMasterKey(config);
    const container = createContainer(config, {
      infrastructure: { logger, masterKey, postgres: database, tracer: tracing.tracer },
    });
    // Fail at start, not at the first login, when MASTER_KEY cannot open the stored signing keys.
    await container.cradle.accessTokenKeys.currentSigningKey();
    if (config.bootstrapAdmin && (await container.cradle.ensureBootstrapAdmin(config.bootstrapAdmin))) {
      logger.info({ username: config.bootstrapAdmin.username }, 'bootstrap admin created');
    }
    return {
      container,
      async close() {
        await container.dispose();
        await database?.close();
        // The spans still batched are sent (the exporter gives up after its own timeout).
        await tracing.shutdown();
      },
    };
  } catch (error) {
    await database?.close();
    await tracing.shutdown();
    throw error;
  }
}
