import { EntitySchema } from '@mikro-orm/postgresql';
import { BrowserSession } from '../../../domain/identity/browser-session.ts';

/** The MikroORM mapping of `BrowserSession` (no decorators on the domain class); columns follow the migrations. */
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
