import type { EntitySchema } from '@mikro-orm/postgresql';
import { BrowserSessionSchema } from '../adapters/identity/postgres/browser-session-schema.ts';
import { MissionSchema } from '../adapters/missions/postgres/mission-schema.ts';

// The MikroORM mappings of the domain classes the ORM repositories read and write. Property names map to
// snake_case columns through the default naming strategy. Every other table is reached with SQL through
// `PostgresDatabase.query`.

/** Every MikroORM entity schema of the service, handed to `connectPostgres`. */
export const entitySchemas: readonly EntitySchema[] = [BrowserSessionSchema, MissionSchema];
