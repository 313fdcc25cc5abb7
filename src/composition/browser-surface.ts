import { Sha256SessionTokens } from '../adapters/identity/crypto/sha256-session-tokens.ts';
import { webSurface } from '../adapters/web/web-surface.ts';
import { makeChangePassword } from '../application/identity/change-password.ts';
import { makeResolveBrowserSession } from '../application/identity/resolve-browser-session.ts';
import { makeRevokeOwnSession } from '../application/identity/revoke-own-session.ts';
import { makeSignIn } from '../application/identity/sign-in.ts';
import { makeSignOut } from '../application/identity/sign-out.ts';
import { makeGetHome } from '../application/web/get-home.ts';
import type { Config } from '../config.ts';
import type { BrowserSurfaceCradle } from './cradle.ts';
import { instance, type Registrations, singleton, value } from './registration.ts';

/** The web application: cookie sessions and server-rendered pages, a second driving adapter. */
export function browserSurface(config: Config): Registrations<keyof BrowserSurfaceCradle> {
  return {
    browserSessionLifetimes: value(config.browserSession),
    cookieSettings: value({ secure: config.cookieSecure }),
    publicOrigin: value(new URL(config.publicUrl).origin),
    sessionTokens: instance(Sha256SessionTokens),
    resolveBrowserSession: singleton(makeResolveBrowserSession),
    signIn: singleton(makeSignIn),
    signOut: singleton(makeSignOut),
    getHome: singleton(makeGetHome),
    revokeOwnSession: singleton(makeRevokeOwnSession),
    changePassword: singleton(makeChangePassword),
    webSurface: singleton(webSurface),
  };
}
