import { EntitySchema } from '@mikro-orm/postgresql';
import { BrowserSession } from '../../../domain/identity/browser-session.ts';
import { Mission } from '../../../domain/missions/mission.ts';

// The MikroORM mapping of the domain classes the ORM repositories read and write (no decorators on them).
// Columns follow the migrations; property names map to snake_case columns through the default naming
// strategy. Every other table is reached with SQL through `PostgresDatabase.query`.

export const BrowserSessionSchema = new EntitySchema<BrowserSession>({
  class: BrowserSession,
  tableName: 'browser_sessions',
  properties: {
    id: { type: 'uuid', primary: true },
    userId: { type: 'uuid' },
    userEpoch: { type: 'integer' },
    tokenHash: { type: 'text' },
    csrfToken: { type: 'text' },
    createdAt: { type: 'datetime' },
    lastSeenAt: { type: 'datetime' },
    expiresAt: { type: 'datetime' },
    userAgent: { type: 'text', nullable: true },
    ip: { type: 'text', nullable: true },
  },
});

export const MissionSchema = new EntitySchema<Mission>({
  class: Mission,
  tableName: 'missions',
  properties: {
    id: { type: 'uuid', primary: true },
    workspaceId: { type: 'uuid' },
    name: { type: 'text' },
    description: { type: 'text', nullable: true },
    definition: { type: 'json' },
    policy: { type: 'json' },
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime' },
  },
});

/** Every MikroORM entity schema of the service. */
export const entities: EntitySchema[] = [BrowserSessionSchema, MissionSchema];
