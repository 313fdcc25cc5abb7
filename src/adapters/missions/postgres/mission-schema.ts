import { EntitySchema } from '@mikro-orm/postgresql';
import { Mission } from '../../../domain/missions/mission.ts';

/** The MikroORM mapping of `Mission` (no decorators on the domain class); columns follow the migrations. */
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
    blueprintId: { type: 'uuid', nullable: true },
    blueprintVersion: { type: 'integer', nullable: true },
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime' },
  },
});
