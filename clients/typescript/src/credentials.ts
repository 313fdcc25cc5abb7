import createClient from 'openapi-fetch';
import type { paths } from './generated/schema.ts';
import { ApiError } from './problem.ts';
import { throwProblems } from './throw-problems.ts';

/** What the client sends as `Authorization` on each request. */
export interface Credential {
  /** The header value for the next request: `Bearer <access token or API key>`, renewed first when due. */
  authorization(): Promise<string>;
}

const API_KEY = /^pk_[A-Za-z0-9_-]{22}_[A-Za-z0-9_-]{43}$/;

/** A workspace API key (`pk_...`): nothing to renew; it works until revoked or expired. */
export function apiKey(key: string): Credential {
  if (!API_KEY.test(key)) throw new Error('an API key is pk_ + 22 + _ + 43 base64url characters');
  const header = `Bearer ${key}`;
  return { authorization: async () => header };
}

export interface PasswordLoginOptions {
  readonly baseUrl: string;
  readonly usernameOrEmail: string;
  readonly password: string;
  /** Renew the access token this long before it expires (default 60 s, at most half its lifetime). */
  readonly refreshMarginSeconds?: number;
  readonly fetch?: (request: Request) => Promise<Response>;
  /** Milliseconds since the epoch; a test moves it to reach the renewal without waiting. */
  readonly now?: () => number;
}

interface Tokens {
  readonly accessToken: string;
  readonly refreshToken: string;
  /** When to renew: `expires_in` less the margin. */
  readonly renewAt: number;
}

/**
 * A person's login: logs in with the password on first use, then renews the access token with the refresh
 * token before it expires, one renewal at a time however many requests wait for it (concurrent renewals
 * would rotate the refresh token twice). A refresh token that no longer works (the session was revoked or
 * ended) is replaced by logging in again.
 */
export class PasswordLogin implements Credential {
  readonly #options: PasswordLoginOptions;
  readonly #auth;
  readonly #now: () => number;
  #tokens: Tokens | undefined;
  #renewing: Promise<Tokens> | undefined;

  constructor(options: PasswordLoginOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#auth = createClient<paths>({ baseUrl: options.baseUrl, fetch: options.fetch });
    this.#auth.use(throwProblems);
  }

  async authorization(): Promise<string> {
    const tokens = this.#tokens && this.#now() < this.#tokens.renewAt ? this.#tokens : await this.#renew();
    return `Bearer ${tokens.accessToken}`;
  }

  /** Ends the login session on the server (its tokens stop working); the next request logs in again. */
  async logout(): Promise<void> {
    if (!this.#tokens) return;
    const authorization = await this.authorization();
    this.#tokens = undefined;
    await this.#auth.POST('/api/auth/logout', { headers: { authorization } });
  }

  #renew(): Promise<Tokens> {
    this.#renewing ??= this.#obtain().finally(() => {
      this.#renewing = undefined;
    });
    return this.#renewing;
  }

  async #obtain(): Promise<Tokens> {
    const started = this.#now();
    let answer: TokenAnswer | undefined;
    if (this.#tokens) {
      answer = await this.#auth
        .POST('/api/auth/refresh', { body: { refresh_token: this.#tokens.refreshToken } })
        .then(({ data }) => data, ignoreUnauthorized);
    }
    answer ??= (
      await this.#auth.POST('/api/auth/login', {
        body: { username_or_email: this.#options.usernameOrEmail, password: this.#options.password },
      })
    ).data;
    if (!answer) throw new Error('the server answered a login without tokens');
    const margin = Math.min(this.#options.refreshMarginSeconds ?? 60, answer.expires_in / 2);
    this.#tokens = {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token,
      renewAt: started + (answer.expires_in - margin) * 1000,
    };
    return this.#tokens;
  }
}

type TokenAnswer = paths['/api/auth/login']['post']['responses'][200]['content']['application/json'];

/** A refresh answered 401 (the session ended): undefined, so the caller logs in again. */
function ignoreUnauthorized(error: unknown): undefined {
  if (error instanceof ApiError && error.status === 401) return undefined;
  throw error;
}
