import type { Role } from '../../../domain/kernel/roles.ts';

/** A workspace a user belongs to, as their account shows it, with their role there. */
export interface UserWorkspace {
  readonly workspace: { readonly id: string; readonly name: string; readonly personal: boolean };
  readonly role: Role;
}

/** The workspaces a user belongs to: the workspaces area answers it (its workspace repository). */
export interface UserWorkspaces {
  /** The workspaces the user belongs to, with the user's role in each, oldest first. */
  listForUser(userId: string): Promise<UserWorkspace[]>;
}
