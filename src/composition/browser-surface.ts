import { type AwilixContainer, asClass, asFunction, asValue } from 'awilix';
import type Koa from 'koa';
import { Sha256SessionTokens } from '../adapters/crypto/sha256-session-tokens.ts';
import { isDatabaseUnavailable } from '../adapters/persistence/postgres/database-unavailable.ts';
import { MikroOrmBrowserSessionRepository } from '../adapters/persistence/postgres/mikro-orm-browser-session-repository.ts';
import type { CookieSettings } from '../adapters/web/cookies.ts';
import { webSurface } from '../adapters/web/web-surface.ts';
import { type ChangePassword, makeChangePassword } from '../application/browser/change-password.ts';
import { type GetHome, makeGetHome } from '../application/browser/get-home.ts';
import {
  makeResolveBrowserSession,
  type ResolveBrowserSession,
} from '../application/browser/resolve-browser-session.ts';
import { makeRevokeOwnSession, type RevokeOwnSession } from '../application/browser/revoke-own-session.ts';
import { makeSignIn, type SignIn } from '../application/browser/sign-in.ts';
import { makeSignOut, type SignOut } from '../application/browser/sign-out.ts';
import type { BrowserSessionRepository } from '../application/ports/browser-session-repository.ts';
import type { SessionTokens } from '../application/ports/session-tokens.ts';
import type { Config } from '../config.ts';
import type { Cradle } from '../container.ts';
import type { BrowserSessionLifetimes } from '../domain/browser/browser-session.ts';

/** The web application: cookie sessions and server-rendered pages. */
export interface BrowserSurfaceCradle {
  browserSessionLifetimes: BrowserSessionLifetimes;
  cookieSettings: CookieSettings;
  publicOrigin: string;
  isUnavailable: (error: unknown) => boolean;
  sessionTokens: SessionTokens;
  browserSessions: BrowserSessionRepository;
  resolveBrowserSession: ResolveBrowserSession;
  signIn: SignIn;
  signOut: SignOut;
  getHome: GetHome;
  revokeOwnSession: RevokeOwnSession;
  changePassword: ChangePassword;
  webSurface: Koa.Middleware;
}

/** The web application: cookie sessions and server-rendered pages, a second driving adapter. */
export function registerBrowserSurface(container: AwilixContainer<Cradle>, config: Config): void {
  container.register({
    browserSessionLifetimes: asValue(config.browserSession),
    cookieSettings: asValue({ secure: config.cookieSecure }),
    sessionTokens: asClass(Sha256SessionTokens).singleton(),
    browserSessions: asClass(MikroOrmBrowserSessionRepository).singleton(),
    resolveBrowserSession: asFunction(makeResolveBrowserSession).singleton(),
    signIn: asFunction(makeSignIn).singleton(),
    signOut: asFunction(makeSignOut).singleton(),
    getHome: asFunction(makeGetHome).singleton(),
    revokeOwnSession: asFunction(makeRevokeOwnSession).singleton(),
    changePassword: asFunction(makeChangePassword).singleton(),
    publicOrigin: asValue(new URL(config.publicUrl).origin),
    isUnavailable: asValue(isDatabaseUnavailable),
    webSurface: asFunction(webSurface).singleton(),
  });
}
