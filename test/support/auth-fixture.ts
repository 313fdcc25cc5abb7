import { InMemoryAuditLog } from '../../src/adapters/persistence/in-memory/in-memory-audit-log.ts';
import { InMemoryBrowserSessionRepository } from '../../src/adapters/persistence/in-memory/in-memory-browser-session-repository.ts';
import { InMemoryLoginSessionRepository } from '../../src/adapters/persistence/in-memory/in-memory-login-session-repository.ts';
import { InMemoryStore } from '../../src/adapters/persistence/in-memory/in-memory-store.ts';
import { InMemoryUnitOfWork } from '../../src/adapters/persistence/in-memory/in-memory-unit-of-work.ts';
import { InMemoryUserRepository } from '../../src/adapters/persistence/in-memory/in-memory-user-repository.ts';
import { InMemoryWorkspaceRepository } from '../../src/adapters/persistence/in-memory/in-memory-workspace-repository.ts';
import { makeAuthenticate } from '../../src/application/auth/authenticate.ts';
import { makeGetCurrentUser } from '../../src/application/auth/get-current-user.ts';
import { makeListSessions } from '../../src/application/auth/list-sessions.ts';
import { makeLogIn } from '../../src/application/auth/log-in.ts';
import { makeLogOut } from '../../src/application/auth/log-out.ts';
import { makeRefreshSession } from '../../src/application/auth/refresh-session.ts';
import { makeRevokeAllSessions } from '../../src/application/auth/revoke-all-sessions.ts';
import { makeRevokeSession } from '../../src/application/auth/revoke-session.ts';
import { makeVerifyCredentials } from '../../src/application/auth/verify-credentials.ts';
import { makeDisableUser } from '../../src/application/users/disable-user.ts';
import { makeRegisterUser } from '../../src/application/users/register-user.ts';
import { makeSetPassword } from '../../src/application/users/set-password.ts';
import type { SessionLifetimes } from '../../src/domain/sessions/login-session.ts';
import {
  FakeAccessTokens,
  FakePasswordHasher,
  FakeRefreshTokens,
  FixedClock,
  RecordingThrottle,
  SequentialIds,
} from './auth-fakes.ts';

export const LIFETIMES: SessionLifetimes = {
  absoluteSeconds: 30 * 86400,
  idleSeconds: 7 * 86400,
  graceSeconds: 10,
};

/** Every identity use case wired to in-memory adapters and a hand-moved clock. */
export function authFixture(lifetimes: SessionLifetimes = LIFETIMES) {
  const clock = new FixedClock();
  const store = new InMemoryStore();
  const deps = {
    clock,
    ids: new SequentialIds(),
    workspaces: new InMemoryWorkspaceRepository({ store }),
    users: new InMemoryUserRepository({ store }),
    loginSessions: new InMemoryLoginSessionRepository({ store }),
    browserSessions: new InMemoryBrowserSessionRepository({ store }),
    passwordHasher: new FakePasswordHasher(),
    accessTokens: new FakeAccessTokens(clock),
    refreshTokens: new FakeRefreshTokens(),
    loginThrottle: new RecordingThrottle(),
    auditLog: new InMemoryAuditLog({ store, clock }),
    unitOfWork: new InMemoryUnitOfWork({ store }),
    sessionLifetimes: lifetimes,
  };
  const verifyCredentials = makeVerifyCredentials(deps);
  return {
    ...deps,
    registerUser: makeRegisterUser(deps),
    verifyCredentials,
    logIn: makeLogIn({ ...deps, verifyCredentials }),
    refreshSession: makeRefreshSession(deps),
    authenticate: makeAuthenticate(deps),
    logOut: makeLogOut(deps),
    listSessions: makeListSessions(deps),
    revokeSession: makeRevokeSession(deps),
    revokeAllSessions: makeRevokeAllSessions(deps),
    getCurrentUser: makeGetCurrentUser(deps),
    disableUser: makeDisableUser(deps),
    setPassword: makeSetPassword(deps),
  };
}

export const ADA = { username: 'ada', email: 'ada@example.com', password: 'correct horse battery' };
