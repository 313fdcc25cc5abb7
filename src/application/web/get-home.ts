import type {
  BrowserSession,
  BrowserSessionLifetimes,
  LoginSession,
  SessionLifetimes,
  User,
} from '../../domain/identity/index.ts';
import type {
  BrowserSessionRepository,
  CurrentBrowserSession,
  LoginSessionRepository,
} from '../identity/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { WorkspaceMembershipView, WorkspaceRepository } from '../workspaces/index.ts';

export interface HomeView {
  readonly user: User;
  readonly workspaces: readonly WorkspaceMembershipView[];
  /** Live browser sessions, newest first; `current` marks the one asking. */
  readonly browserSessions: readonly { session: BrowserSession; current: boolean }[];
  /** Live API login sessions (token pairs), newest first. */
  readonly apiSessions: readonly LoginSession[];
}

export type GetHome = (current: CurrentBrowserSession) => Promise<HomeView>;

/** What the signed-in home page shows: who you are, your workspaces, and every place you are signed in. */
export function makeGetHome(deps: {
  workspaces: WorkspaceRepository;
  browserSessions: BrowserSessionRepository;
  loginSessions: LoginSessionRepository;
  clock: Clock;
  browserSessionLifetimes: BrowserSessionLifetimes;
  sessionLifetimes: SessionLifetimes;
}): GetHome {
  return async ({ session, user }) => {
    const now = deps.clock.now();
    const [workspaces, browserSessions, apiSessions] = await Promise.all([
      deps.workspaces.listForUser(user.id),
      deps.browserSessions.listForUser(user.id, now),
      deps.loginSessions.listForUser(user.id, now),
    ]);
    return {
      user,
      workspaces,
      browserSessions: browserSessions
        .filter((s) => s.id === session.id || s.isActive(now, deps.browserSessionLifetimes))
        .map((s) => ({ session: s, current: s.id === session.id })),
      apiSessions: apiSessions.filter((s) => s.isActive(now, deps.sessionLifetimes, user.securityEpoch)),
    };
  };
}
