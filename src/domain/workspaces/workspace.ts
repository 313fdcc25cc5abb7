export const ROLES = ['owner', 'admin', 'member'] as const;
export type Role = (typeof ROLES)[number];

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
