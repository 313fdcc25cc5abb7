import { expect } from 'chai';
import {
  ApiError,
  apiKey,
  bodyOf,
  createPlatformClient,
  isProblem,
  PasswordLogin,
  paginate,
} from '../../clients/typescript/src/index.ts';
import { api } from '../support/api.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../support/http-suite.ts';
import { signUp } from '../support/test-app.ts';

/** fetch that counts the requests made to each path. */
function countingFetch() {
  const calls = new Map<string, number>();
  const fetcher = (request: Request) => {
    const path = new URL(request.url).pathname;
    calls.set(path, (calls.get(path) ?? 0) + 1);
    return fetch(request);
  };
  return { fetch: fetcher, count: (path: string) => calls.get(path) ?? 0 };
}

describe('TypeScript client against the real server (PostgreSQL)', () => {
  const app = suiteApp();
  const ada = suiteUser(app);
  const workspace = suiteWorkspace(app, ada, 'Client');

  const login = (options: Partial<ConstructorParameters<typeof PasswordLogin>[0]> = {}) =>
    new PasswordLogin({
      baseUrl: app.baseUrl,
      usernameOrEmail: ada.username,
      password: ada.password,
      ...options,
    });

  it('calls the API as a person (login) and as an API key, with typed bodies', async () => {
    const person = createPlatformClient({ baseUrl: app.baseUrl, credential: login() });
    const me = await bodyOf(person.GET('/api/auth/me'));
    expect('username' in me && me.username).to.equal(ada.username);

    const created = await bodyOf(
      person.POST('/api/workspaces/{id}/api-keys', {
        params: { path: { id: workspace.id } },
        body: { name: 'client test', role: 'admin' },
      }),
    );
    const machine = createPlatformClient({ baseUrl: app.baseUrl, credential: apiKey(created.key) });
    const asKey = await bodyOf(machine.GET('/api/auth/me'));
    expect('api_key' in asKey && asKey.api_key).to.deep.equal({
      id: created.id,
      name: 'client test',
      workspace_id: workspace.id,
      role: 'admin',
    });
    const mission = await bodyOf(
      machine.POST('/api/missions', { body: { workspace_id: workspace.id, name: 'typed' } }),
    );
    expect(mission.workspace_id).to.equal(workspace.id);
  });

  it('throws problem+json answers as ApiError with their code, status, fields and request id', async () => {
    const client = createPlatformClient({ baseUrl: app.baseUrl, credential: login() });
    const missing = await client
      .GET('/api/missions/{id}', { params: { path: { id: '00000000-0000-4000-8000-000000000000' } } })
      .catch((error: unknown) => error);
    expect(missing).to.be.instanceOf(ApiError);
    expect(isProblem(missing, 'not_found')).to.equal(true);
    expect((missing as ApiError).status).to.equal(404);
    expect((missing as ApiError).requestId).to.match(/\S+/);

    const invalid = (await client
      .POST('/api/missions', { body: { workspace_id: workspace.id, name: '' } })
      .catch((error: unknown) => error)) as ApiError;
    expect([invalid.status, invalid.code]).to.deep.equal([400, 'validation_failed']);
    expect(invalid.errors.map((field) => field.path)).to.include('/body/name');

    const keyless = createPlatformClient({
      baseUrl: app.baseUrl,
      credential: apiKey(`pk_${'A'.repeat(22)}_${'B'.repeat(43)}`),
    });
    const unauthorized = (await keyless.GET('/api/auth/me').catch((error: unknown) => error)) as ApiError;
    expect([unauthorized.status, unauthorized.code]).to.deep.equal([401, 'invalid_token']);
  });

  it('iterates a cursor-paginated list across pages, fetching each page only when the loop gets there', async () => {
    const { fetch, count } = countingFetch();
    const client = createPlatformClient({ baseUrl: app.baseUrl, credential: login(), fetch });
    const { id } = await bodyOf(client.POST('/api/workspaces', { body: { name: 'Paged' } }));
    const names = ['m1', 'm2', 'm3', 'm4', 'm5'];
    for (const name of names) {
      await client.POST('/api/missions', { body: { workspace_id: id, name } });
    }
    const missions = paginate((cursor) =>
      client.GET('/api/missions', { params: { query: { workspace_id: id, limit: 2, cursor } } }),
    );
    const seen: string[] = [];
    for await (const mission of missions) {
      seen.push(mission.name);
      if (seen.length === 1) expect(count('/api/missions'), 'one page so far').to.equal(6);
    }
    expect(seen.sort()).to.deep.equal(names);
    expect(count('/api/missions'), '5 creations and 3 pages').to.equal(8);
  });

  it('renews the access token before it expires, with one refresh however many requests wait', async () => {
    let now = Date.now();
    const { fetch, count } = countingFetch();
    const credential = login({ fetch, now: () => now });
    const client = createPlatformClient({ baseUrl: app.baseUrl, credential, fetch });
    await bodyOf(client.GET('/api/auth/me'));
    expect([count('/api/auth/login'), count('/api/auth/refresh')]).to.deep.equal([1, 0]);

    now += (900 - 61) * 1000;
    await Promise.all(Array.from({ length: 3 }, () => bodyOf(client.GET('/api/auth/me'))));
    expect(count('/api/auth/refresh'), 'not yet due').to.equal(0);

    now += 2000;
    const answers = await Promise.all(Array.from({ length: 10 }, () => bodyOf(client.GET('/api/auth/me'))));
    expect(answers).to.have.length(10);
    expect([count('/api/auth/login'), count('/api/auth/refresh')]).to.deep.equal([1, 1]);
  });

  it('logs in again when the refresh token stops working (its session was revoked)', async () => {
    const bob = await signUp(app);
    let now = Date.now();
    const { fetch, count } = countingFetch();
    const credential = login({
      usernameOrEmail: bob.username,
      password: bob.password,
      fetch,
      now: () => now,
    });
    const client = createPlatformClient({ baseUrl: app.baseUrl, credential, fetch });
    await bodyOf(client.GET('/api/auth/me'));
    await api(app, bob, 'POST', '/api/auth/sessions/revoke-all');
    now += 900 * 1000;
    const me = await bodyOf(client.GET('/api/auth/me'));
    expect('username' in me && me.username).to.equal(bob.username);
    expect([count('/api/auth/login'), count('/api/auth/refresh')]).to.deep.equal([2, 1]);
  });
});
