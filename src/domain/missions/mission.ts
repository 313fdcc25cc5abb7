import { InvalidInput } from '../kernel/errors.ts';
import { type JsonObject, parseJsonObject } from '../kernel/json-document.ts';
import { parseName } from '../kernel/names.ts';
import { storableText } from '../kernel/well-formed-json.ts';
import { changeRunPolicy, NO_RUN_POLICY, type RunPolicy, type RunPolicyChanges } from './run-policy.ts';

export const MAX_MISSION_NAME_LENGTH = 200;
export const MAX_MISSION_DESCRIPTION_LENGTH = 4000;
/** Definitions are stored as JSONB; this keeps one row (and one response) small. */
export const MAX_DEFINITION_BYTES = 64 * 1024;

export interface MissionProps {
  readonly id: string;
  readonly workspaceId: string;
  readonly name: string;
  readonly description: string | null;
  readonly definition: JsonObject;
  /** How its runs time out, retry and share concurrency slots. */
  readonly policy: RunPolicy;
  /** The blueprint its runs carry out (the server runs them), or null: a worker runs `definition`. */
  readonly blueprintId: string | null;
  /** The blueprint version its runs use; null: the latest when each run starts. */
  readonly blueprintVersion: number | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A mission's blueprint as asked for: no version follows the latest. */
export interface MissionBlueprint {
  readonly id: string;
  readonly version?: number | null | undefined;
}

export interface MissionChanges {
  readonly name?: string;
  /** `null` clears the description. */
  readonly description?: string | null;
  readonly definition?: unknown;
  /** Fields given replace the current ones; `null` clears one. */
  readonly policy?: RunPolicyChanges | undefined;
}

/** A named workflow definition of a workspace; runs execute it. */
export class Mission {
  id!: string;
  workspaceId!: string;
  name!: string;
  description!: string | null;
  definition!: JsonObject;
  policy!: RunPolicy;
  blueprintId!: string | null;
  blueprintVersion!: number | null;
  createdAt!: Date;
  updatedAt!: Date;

  constructor(props: MissionProps) {
    Object.assign(this, props);
  }

  static create(
    props: {
      id: string;
      workspaceId: string;
      name: string;
      description?: string | null;
      definition?: unknown;
      policy?: RunPolicyChanges | undefined;
      blueprint?: MissionBlueprint | undefined;
    },
    now: Date,
  ): Mission {
    return new Mission({
      id: props.id,
      workspaceId: props.workspaceId,
      name: parseMissionName(props.name),
      description: parseDescription(props.description ?? null),
      definition: parseDefinition(props.definition ?? {}),
      policy: changeRunPolicy(NO_RUN_POLICY, props.policy ?? {}),
      blueprintId: props.blueprint?.id ?? null,
      blueprintVersion: props.blueprint?.version ?? null,
      createdAt: now,
      updatedAt: now,
    });
  }

  /** Applies the given changes (all validated before any is applied). */
  update(changes: MissionChanges, now: Date): void {
    const name = changes.name === undefined ? this.name : parseMissionName(changes.name);
    const description =
      changes.description === undefined ? this.description : parseDescription(changes.description);
    const definition =
      changes.definition === undefined ? this.definition : parseDefinition(changes.definition);
    const policy = changeRunPolicy(this.policy, changes.policy ?? {});
    Object.assign(this, { name, description, definition, policy, updatedAt: now });
  }
}

function parseMissionName(value: string): string {
  return parseName(value, 'name', MAX_MISSION_NAME_LENGTH);
}

function parseDescription(value: string | null): string | null {
  if (value === null) return null;
  if (storableText(value, 'description').length > MAX_MISSION_DESCRIPTION_LENGTH) {
    throw new InvalidInput(`description must be at most ${MAX_MISSION_DESCRIPTION_LENGTH} characters`);
  }
  return value.trim() || null;
}

function parseDefinition(value: unknown): JsonObject {
  return parseJsonObject(value, 'definition', MAX_DEFINITION_BYTES);
}

/** What a mission's runs carry out, as runs record it: its blueprint and version, or null (a worker's run). */
export function blueprintOf(
  mission: Pick<MissionProps, 'blueprintId' | 'blueprintVersion'>,
): { readonly id: string; readonly version: number | null } | null {
  return mission.blueprintId === null ? null : { id: mission.blueprintId, version: mission.blueprintVersion };
}
