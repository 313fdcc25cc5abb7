import type { User } from '../../domain/identity/user.ts';
import { NotFound } from '../../domain/kernel/errors.ts';
import type { ApiKeyPrincipal, Principal } from '../../domain/kernel/principal.ts';
import type { UserRepository } from './ports/user-repository.ts';
import type { UserWorkspace, UserWorkspaces } from './ports/user-workspaces.ts';

/** The caller as `GET /api/auth/me` shows it: a person with their workspaces, or an API key. */
export type CurrentCaller =
  | { readonly kind: 'user'; readonly user: User; readonly workspaces: UserWorkspace[] }
  | { readonly kind: 'api_key'; readonly apiKey: ApiKeyPrincipal };

export type GetCurrentUser = (principal: Principal) => Promise<CurrentCaller>;

export function makeGetCurrentUser(deps: {
  /** What `/me` shows is read through caches (never a password or an epoch check). */
  cachedUsers: Pick<UserRepository, 'findById'>;
  cachedWorkspaces: UserWorkspaces;
}): GetCurrentUser {
  return async (principal) => {
    if (principal.kind === 'api_key') return { kind: 'api_key', apiKey: principal };
    const [user, workspaces] = await Promise.all([
      deps.cachedUsers.findById(principal.userId),
      deps.cachedWorkspaces.listForUser(principal.userId),
    ]);
    if (!user) throw new NotFound('user');
    return { kind: 'user', user, workspaces };
  };
}
