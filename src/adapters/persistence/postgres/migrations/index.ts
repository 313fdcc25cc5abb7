import type { MigrationObject } from '@mikro-orm/core';
import { Migration0001Identity } from './0001-identity.ts';
import { Migration0004BrowserSessions } from './0004-browser-sessions.ts';

/** The committed migrations, in order. Listed explicitly: no glob loading at run time. */
export const migrations: MigrationObject[] = [
  { name: '0001-identity', class: Migration0001Identity },
  { name: '0004-browser-sessions', class: Migration0004BrowserSessions },
];
