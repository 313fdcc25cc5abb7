import type { User } from '../../../domain/identity/user.ts';

/**
 * Told of a user just created, inside the transaction that stores them: what it writes commits or rolls back
 * with the user. Later areas register listeners (the workspaces area makes the personal workspace).
 */
export type NewUserListener = (user: User) => Promise<void>;
