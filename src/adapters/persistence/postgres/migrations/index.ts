import type { MigrationObject } from '@mikro-orm/core';
import { Migration0001Identity } from './0001-identity.ts';

/** The committed migrations, in order. Listed explicitly: no glob loading at run time. */
export const migrations: MigrationObject[] = [{ name: '0001-identity', class: Migration0001Identity }];
