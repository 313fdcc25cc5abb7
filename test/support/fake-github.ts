import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A GitHub account as its REST API shows it. */
export interface GitHubAccount {
  readonly id: number;
  readonly login: string;
  readonly name: string | null;
  readonly emails: readonly { email: string; primary: boolean; verified: boolean }[];
}

interface Grant {
  readonly account: GitHubAccount;
  readonly redirectUri: string;
  readonly challenge: string;
  used: boolean;
}

/**
 * GitHub's OAuth app endpoints and the two REST calls sign-in needs, on loopback, speaking GitHub's wire
 * protocol: `GET /login/oauth/authorize` (here the person is already signed in as `signedIn` and has
 * authorized the app, so it redirects at once, as GitHub does), `POST /login/oauth/access_token` (form body,
 * client secret in it, PKCE S256 checked, a code once; errors as GitHub sends them: 200 with `error`),
 * `GET /user` and `GET /user/emails` with a bearer token.
 */
export async function startFakeGitHub(clientId: string, clientSecret: string) {
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, GitHubAccount>();
  const state = { signedIn: undefined as GitHubAccount | undefined, tokenRequests: [] as URLSearchParams[] };
  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://github.test');
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      const q = url.searchParams;
      if (q.get('client_id') !== clientId || !state.signedIn) return json(res, 404, { error: 'not found' });
      if (q.get('code_challenge_method') !== 'S256') return json(res, 400, { error: 'S256 expected' });
      const code = randomBytes(10).toString('hex');
      codes.set(code, {
        account: state.signedIn,
        redirectUri: q.get('redirect_uri') ?? '',
        challenge: q.get('code_challenge') ?? '',
        used: false,
      });
      const back = new URL(q.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      return res.writeHead(302, { location: back.href }).end();
    }
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const form = new URLSearchParams(Buffer.concat(chunks).toString());
      state.tokenRequests.push(form);
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
        return json(res, 200, { error: 'incorrect_client_credentials' });
      }
      const grant = codes.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (
        !grant ||
        grant.used ||
        grant.redirectUri !== form.get('redirect_uri') ||
        grant.challenge !== challenge
      ) {
        return json(res, 200, {
          error: 'bad_verification_code',
          error_description: 'The code is incorrect or expired.',
        });
      }
      grant.used = true;
      const token = `gho_${randomBytes(18).toString('hex')}`;
      tokens.set(token, grant.account);
      return json(res, 200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
    }
    const account = tokens.get((req.headers.authorization ?? '').replace(/^(Bearer|token) /i, ''));
    if (req.method === 'GET' && (url.pathname === '/user' || url.pathname === '/user/emails')) {
      if (!account) return json(res, 401, { message: 'Bad credentials' });
      if (url.pathname === '/user')
        return json(res, 200, { id: account.id, login: account.login, name: account.name });
      return json(
        res,
        200,
        account.emails.map((e) => ({ ...e, visibility: e.primary ? 'private' : null })),
      );
    }
    json(res, 404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
