/** A member's role in a workspace. */
export const ROLES = ['owner', 'admin', 'member'] as const;
export type Role = (typeof ROLES)[number];

/** owner > admin > member: owners manage members, admins manage missions and triggers, members read. */
const RANK: Record<Role, number> = { owner: 3, admin: 2, member: 1 };

export function hasRole(role: Role, minimum: Role): boolean {
  return RANK[role] >= RANK[minimum];
}

/** A key acts with one of these roles; ownership (members, deleting the workspace) stays with people. */
export const API_KEY_ROLES = ['admin', 'member'] as const satisfies readonly Role[];
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];
