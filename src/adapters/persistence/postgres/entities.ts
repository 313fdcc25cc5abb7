import type { EntitySchema } from '@mikro-orm/postgresql';

/** Every MikroORM entity schema of the service (the mapping lives here, never on domain classes). */
export const entities: EntitySchema[] = [];
