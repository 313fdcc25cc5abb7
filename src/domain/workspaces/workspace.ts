import { parseName } from '../kernel/names.ts';
import type { Role } from '../kernel/roles.ts';

export const MAX_WORKSPACE_NAME_LENGTH = 200;

/** A workspace name: trimmed, 1 to 200 characters, no control characters. */
export function parseWorkspaceName(value: string): string {
  return parseName(value, 'name', MAX_WORKSPACE_NAME_LENGTH);
}

export interface WorkspaceProps {
  readonly id: string;
  readonly name: string;
  /** The personal workspace every user gets at creation. */
  readonly personal: boolean;
  readonly createdAt: Date;
}

/** A tenant: every mission, run and trigger belongs to exactly one workspace. */
export class Workspace {
  id!: string;
  name!: string;
  personal!: boolean;
  createdAt!: Date;

  constructor(props: WorkspaceProps) {
    Object.assign(this, props);
  }

  /** A shared workspace created by a user, who becomes its owner. */
  static create(props: { id: string; name: string }, now: Date): Workspace {
    return new Workspace({
      id: props.id,
      name: parseWorkspaceName(props.name),
      personal: false,
      createdAt: now,
    });
  }

  rename(name: string): void {
    this.name = parseWorkspaceName(name);
  }
}

export interface MembershipProps {
  readonly workspaceId: string;
  readonly userId: string;
  readonly role: Role;
  readonly createdAt: Date;
}

export class Membership {
  workspaceId!: string;
  userId!: string;
  role!: Role;
  createdAt!: Date;

  constructor(props: MembershipProps) {
    Object.assign(this, props);
  }
}
