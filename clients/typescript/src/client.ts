import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { Credential } from './credentials.ts';
import type { paths } from './generated/schema.ts';
import { throwProblems } from './throw-problems.ts';

export interface PlatformClientOptions {
  /** The server, for example `https://api.example.com` (no trailing `/api`). */
  readonly baseUrl: string;
  /** `apiKey('pk_...')`, or `new PasswordLogin({...})`. */
  readonly credential: Credential;
  readonly fetch?: (request: Request) => Promise<Response>;
}

/** The typed client: `client.GET('/api/runs/{id}', { params: { path: { id } } })`, checked against the API. */
export type PlatformClient = Client<paths, 'application/json'>;

/**
 * A client of every route of the API, typed from its OpenAPI document. Each request carries the credential;
 * each answer outside 2xx is thrown as an ApiError (with its problem+json `code`), so `data` is the body.
 */
export function createPlatformClient({ baseUrl, credential, fetch }: PlatformClientOptions): PlatformClient {
  const client = createClient<paths, 'application/json'>({ baseUrl, fetch });
  const authorize: Middleware = {
    async onRequest({ request }) {
      request.headers.set('authorization', await credential.authorization());
      return request;
    },
  };
  client.use(authorize, throwProblems);
  return client;
}

/**
 * The body of a successful answer. The client throws every error answer, so only a 204 (or a call that
 * bypassed the client's middleware) leaves `data` empty, and then this throws too.
 */
export async function bodyOf<T>(call: Promise<{ data?: T }>): Promise<T> {
  const { data } = await call;
  if (data === undefined) throw new Error('the answer has no body');
  return data;
}
