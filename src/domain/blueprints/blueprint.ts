import { Conflict, InvalidInput, NotFound } from '../kernel/errors.ts';
import { parseName } from '../kernel/names.ts';
import { storableText } from '../kernel/well-formed-json.ts';

export const MAX_BLUEPRINT_NAME_LENGTH = 200;
export const MAX_BLUEPRINT_DESCRIPTION_LENGTH = 2000;

export interface BlueprintProps {
  readonly id: string;
  readonly workspaceId: string;
  readonly name: string;
  readonly description: string | null;
  /** The number of its newest version (versions are 1, 2, 3, … and never change). */
  readonly latestVersion: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface BlueprintChanges {
  readonly name?: string | undefined;
  /** `null` clears it. */
  readonly description?: string | null | undefined;
}

/** A workspace's versioned workflow: its name and the number of its newest version. */
export class Blueprint {
  id!: string;
  workspaceId!: string;
  name!: string;
  description!: string | null;
  latestVersion!: number;
  createdAt!: Date;
  updatedAt!: Date;

  constructor(props: BlueprintProps) {
    Object.assign(this, props);
  }

  static create(
    props: { id: string; workspaceId: string; name: string; description?: string | null | undefined },
    now: Date,
  ): Blueprint {
    return new Blueprint({
      id: props.id,
      workspaceId: props.workspaceId,
      name: parseBlueprintName(props.name),
      description: parseDescription(props.description ?? null),
      latestVersion: 1,
      createdAt: now,
      updatedAt: now,
    });
  }

  update(changes: BlueprintChanges, now: Date): void {
    if (changes.name !== undefined) this.name = parseBlueprintName(changes.name);
    if (changes.description !== undefined) this.description = parseDescription(changes.description);
    this.updatedAt = now;
  }

  /**
   * The number of the next version, which becomes the latest. With `baseVersion` (the version the editor
   * started from) no longer the latest, a Conflict: two editors never overwrite each other silently.
   */
  nextVersion(baseVersion: number | undefined, now: Date): number {
    if (baseVersion !== undefined && baseVersion !== this.latestVersion)
      throw new StaleBaseVersion(this.latestVersion);
    this.latestVersion += 1;
    this.updatedAt = now;
    return this.latestVersion;
  }
}

export class BlueprintNotFound extends NotFound {
  constructor(what = 'blueprint') {
    super(what);
  }
}

export class StaleBaseVersion extends Conflict {
  constructor(latest: number) {
    super(`base_version is not the latest version (${latest}): fetch it and apply your change again`);
  }
}

/** Like every other name: trimmed, no bidirectional or zero-width controls (see kernel/names). */
const parseBlueprintName = (value: string) => parseName(value, 'name', MAX_BLUEPRINT_NAME_LENGTH);

function parseDescription(value: string | null): string | null {
  if (value === null) return null;
  const description = storableText(value, 'description');
  if (description.length > MAX_BLUEPRINT_DESCRIPTION_LENGTH) {
    throw new InvalidInput(`description must be at most ${MAX_BLUEPRINT_DESCRIPTION_LENGTH} characters`);
  }
  return description;
}
