import { Ajv } from 'ajv';

/** One identity provider the operator configured (`OIDC_PROVIDERS`), checked and with its defaults. */
export type SsoProviderSettings = OidcProviderSettings | GitHubProviderSettings;

interface CommonSettings {
  /** In the callback path (`/auth/sso/{id}/callback`) and in stored links: changing it unlinks everyone. */
  readonly id: string;
  /** The button text ("Sign in with {name}"). */
  readonly name: string;
  readonly clientId: string;
  /** Secret: never logged, echoed or shown. */
  readonly clientSecret: string;
  readonly scopes: readonly string[];
  /** A person without an account gets one at the first sign-in (default: SIGNUP_ENABLED). */
  readonly signup: boolean;
}

export interface OidcProviderSettings extends CommonSettings {
  readonly protocol: 'oidc';
  /** Its discovery document is `{issuer}/.well-known/openid-configuration`. */
  readonly issuer: string;
}

/** GitHub's OAuth apps (not OpenID Connect); `webUrl`/`apiUrl` point at a GitHub Enterprise Server. */
export interface GitHubProviderSettings extends CommonSettings {
  readonly protocol: 'github';
  readonly webUrl: string;
  readonly apiUrl: string;
}

const URL_PATTERN = '^https?://[^\\s/?#]+(/[^\\s?#]*)?$';
const entrySchema = {
  type: 'object',
  required: ['id', 'client_id', 'client_secret'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]{0,31}$' },
    name: { type: 'string', minLength: 1, maxLength: 60 },
    preset: { enum: ['github'] },
    issuer: { type: 'string', pattern: URL_PATTERN },
    client_id: { type: 'string', minLength: 1, maxLength: 500 },
    client_secret: { type: 'string', minLength: 1, maxLength: 2000 },
    scopes: { type: 'array', items: { type: 'string', pattern: '^[!#-\\[\\]-~]+$' }, maxItems: 30 },
    signup: { type: 'boolean' },
    web_url: { type: 'string', pattern: URL_PATTERN },
    api_url: { type: 'string', pattern: URL_PATTERN },
  },
} as const;
const validateEntry = new Ajv({ allErrors: false }).compile(entrySchema);

interface Entry {
  id: string;
  name?: string;
  preset?: 'github';
  issuer?: string;
  client_id: string;
  client_secret: string;
  scopes?: string[];
  signup?: boolean;
  web_url?: string;
  api_url?: string;
}

/** Plain HTTP reaches only this machine (a local provider, the tests); anything else must be HTTPS. */
export function isLoopbackHttp(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
}

/**
 * `OIDC_PROVIDERS` parsed: a JSON array of `{id, name, issuer, client_id, client_secret, scopes, signup}`, or
 * `{id, preset: "github", client_id, client_secret}`. Throws an Error naming the entry and field at fault; the
 * message never contains a value (a secret may be near it).
 */
export function parseSsoProviders(json: string | undefined, signupDefault: boolean): SsoProviderSettings[] {
  if (json === undefined) return [];
  let entries: unknown;
  try {
    entries = JSON.parse(json);
  } catch {
    throw new Error('is not valid JSON');
  }
  if (!Array.isArray(entries)) throw new Error('must be a JSON array of providers');
  const seen = new Set<string>();
  return entries.map((entry: unknown, index) => {
    const at = `[${index}]`;
    if (!validateEntry(entry)) {
      const error = validateEntry.errors?.[0];
      throw new Error(
        `${at}${error?.instancePath.replaceAll('/', '.') ?? ''} ${error?.message ?? 'is invalid'}`,
      );
    }
    const e = entry as Entry;
    if (seen.has(e.id)) throw new Error(`${at}.id repeats "${e.id}"`);
    seen.add(e.id);
    const common = {
      id: e.id,
      clientId: e.client_id,
      clientSecret: e.client_secret,
      signup: e.signup ?? signupDefault,
    };
    const urls = e.preset === 'github' ? { web_url: e.web_url, api_url: e.api_url } : { issuer: e.issuer };
    for (const [field, url] of Object.entries(urls)) {
      if (url?.startsWith('http:') && !isLoopbackHttp(url)) {
        throw new Error(`${at}.${field} must be https (plain http only on loopback)`);
      }
    }
    if (e.preset === 'github') {
      if (e.issuer) throw new Error(`${at}.issuer is not used by the github preset (web_url, api_url are)`);
      return {
        ...common,
        protocol: 'github',
        name: e.name ?? 'GitHub',
        webUrl: (e.web_url ?? 'https://github.com').replace(/\/$/, ''),
        apiUrl: (e.api_url ?? 'https://api.github.com').replace(/\/$/, ''),
        scopes: e.scopes ?? ['read:user', 'user:email'],
      };
    }
    if (!e.issuer) throw new Error(`${at} must have an issuer (or "preset": "github")`);
    if (e.web_url || e.api_url) throw new Error(`${at}.web_url and api_url belong to the github preset`);
    const scopes = e.scopes ?? ['openid', 'email', 'profile'];
    if (!scopes.includes('openid')) throw new Error(`${at}.scopes must include "openid"`);
    return { ...common, protocol: 'oidc', name: e.name ?? e.id, issuer: e.issuer, scopes };
  });
}
