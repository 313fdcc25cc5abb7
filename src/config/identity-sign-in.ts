import { parseSsoProviders, type SsoProviderSettings } from '../adapters/identity/sso/provider-settings.ts';
import { ConfigError, type Input, type Settings } from './settings.ts';

/** Identity's sign-in from a browser: sign-up, single sign-on, the web application's session and cookies. */
export interface IdentitySignInConfig {
  readonly signupEnabled: boolean;
  /** Single sign-on: the OpenID Connect providers and GitHub (`OIDC_PROVIDERS`); empty when unset. */
  readonly ssoProviders: readonly SsoProviderSettings[];
  /** Mark browser cookies Secure even on plain-HTTP requests (TLS ends at a proxy); default: PUBLIC_URL is https. */
  readonly cookieSecure: boolean;
  /** Lifetimes of a web application (browser) session. */
  readonly browserSession: {
    readonly idleSeconds: number;
    readonly absoluteSeconds: number;
  };
}

export const identitySignInSettings: Settings<IdentitySignInConfig> = {
  properties: {
    SIGNUP_ENABLED: {
      type: 'boolean',
      default: false,
      description: '`true` publishes `POST /api/auth/register`',
    },
    OIDC_PROVIDERS: {
      type: 'string',
      description:
        'single sign-on providers, a JSON array: `{"id", "name", "issuer", "client_id", "client_secret", "scopes", "signup"}` for OpenID Connect, `{"id", "preset": "github", "client_id", "client_secret"}` for GitHub (`web_url`/`api_url` for GitHub Enterprise). Each gets a button on the sign-in page; register `PUBLIC_URL/auth/sso/{id}/callback` at the provider. `signup` (default `SIGNUP_ENABLED`) lets a person without an account get one. See the README\'s Single sign-on',
      defaultText: 'unset (none)',
    },
    COOKIE_SECURE: {
      type: 'boolean',
      description:
        'web application cookies are `Secure` (and named `__Host-\u2026`) on HTTPS requests anyway; `true` makes them so on plain-HTTP requests too, for TLS ended at a proxy',
      defaultText: '`true` if `PUBLIC_URL` is `https://`, else `false`',
    },
    BROWSER_SESSION_IDLE_SECONDS: {
      type: 'integer',
      minimum: 60,
      maximum: 31536000,
      default: 28800,
      description: 'a web application session without any request for this long ends (8 hours)',
    },
    BROWSER_SESSION_ABSOLUTE_SECONDS: {
      type: 'integer',
      minimum: 60,
      maximum: 31536000,
      default: 604800,
      description:
        'a web application session ends this long after sign-in however active (7 days); at least the idle lifetime',
    },
  },
  secrets: ['OIDC_PROVIDERS'],
  read: (input: Input, platform): IdentitySignInConfig => {
    if ((input.BROWSER_SESSION_ABSOLUTE_SECONDS as number) < (input.BROWSER_SESSION_IDLE_SECONDS as number)) {
      throw new ConfigError(
        'invalid configuration: BROWSER_SESSION_ABSOLUTE_SECONDS must be at least BROWSER_SESSION_IDLE_SECONDS',
      );
    }
    return {
      signupEnabled: input.SIGNUP_ENABLED as boolean,
      ssoProviders: ssoProviders(input),
      cookieSecure: (input.COOKIE_SECURE as boolean | undefined) ?? platform.publicUrl.startsWith('https://'),
      browserSession: {
        idleSeconds: input.BROWSER_SESSION_IDLE_SECONDS as number,
        absoluteSeconds: input.BROWSER_SESSION_ABSOLUTE_SECONDS as number,
      },
    };
  },
};

function ssoProviders(input: Input): SsoProviderSettings[] {
  try {
    return parseSsoProviders(input.OIDC_PROVIDERS as string | undefined, input.SIGNUP_ENABLED as boolean);
  } catch (error) {
    const message = (error as Error).message;
    throw new ConfigError(
      `invalid configuration: OIDC_PROVIDERS${message.startsWith('[') ? '' : ' '}${message}`,
    );
  }
}
