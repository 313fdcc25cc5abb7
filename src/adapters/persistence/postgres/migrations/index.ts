import type { MigrationObject } from '@mikro-orm/core';

/** The committed migrations, in order. Listed explicitly: no glob loading at run time. */
export const migrations: MigrationObject[] = [];
