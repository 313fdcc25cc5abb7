import { Conflict } from '../kernel/errors.ts';
import type { Role } from '../kernel/roles.ts';
import type { Membership, Workspace } from './workspace.ts';

export class LastOwner extends Conflict {
  constructor() {
    super('a workspace must keep at least one owner; make someone else owner first');
  }
}

export class AlreadyMember extends Conflict {
  constructor() {
    super('that user is already a member of this workspace');
  }
}

export class PersonalWorkspace extends Conflict {
  constructor() {
    super("a user's personal workspace cannot be deleted");
  }
}

/**
 * A workspace always keeps at least one owner: throws LastOwner when giving `userId` the role `role` (or
 * removing them, for `null`) would leave `members` without one.
 */
export function assertKeepsAnOwner(
  members: readonly Membership[],
  change: { readonly userId: string; readonly role: Role | null },
): void {
  const ownersAfter = members.filter((m) =>
    m.userId === change.userId ? change.role === 'owner' : m.role === 'owner',
  );
  if (ownersAfter.length === 0) throw new LastOwner();
}

/** Every user keeps their personal workspace; shared ones can be deleted (by an owner). */
export function assertDeletable(workspace: Workspace): void {
  if (workspace.personal) throw new PersonalWorkspace();
}
