import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { FormClient } from '../../support/form-client.ts';
import { suiteApp, suiteWebhookOwner } from '../../support/http-suite.ts';
import { type Json, json } from '../../support/json.ts';
import { signUp } from '../../support/test-app.ts';
import { createTrigger, deliver } from '../../support/webhook-fixture.ts';

/**
 * Text PostgreSQL cannot store (U+0000, lone surrogates), JSON nested thousands of levels deep, a cursor past
 * year 9999 and a body that is not in its declared encoding: each is a 4xx problem+json that changes nothing,
 * never a 500.
 */
describe('hostile input gets a 4xx problem+json and changes nothing (RELIABILITY finding 5)', () => {
  const app = suiteApp({ SIGNUP_ENABLED: 'true' });
  const owner = suiteWebhookOwner(app);

  /** Sends `body` as it is: JSON escapes such as `\ud800` reach the server as written. */
  const send = (
    method: string,
    path: string,
    body: string | Uint8Array,
    headers: Record<string, string> = {},
  ) =>
    app.request(path, {
      method,
      headers: { ...owner.user.auth, 'content-type': 'application/json', ...headers },
      body,
    });

  async function expectProblem(response: Response, status: number, code: string): Promise<Json> {
    const text = await response.text();
    expect(response.status, text).to.equal(status);
    expect(response.headers.get('content-type')).to.match(/^application\/problem\+json/);
    const problem = JSON.parse(text);
    expect(problem).to.include({ status, code });
    return problem;
  }

  const listed = async (path: string) => (await api(app, owner.user, 'GET', path)).body.items as Json[];
  const missions = () => listed(`/api/missions?workspace_id=${owner.workspaceId}&limit=200`);
  const runs = () => listed(`/api/runs?workspace_id=${owner.workspaceId}&limit=200`);

  it('answers an id in any spelling but canonical lower case with 400, in a path and in a body', async () => {
    const upper = owner.missionId.toUpperCase();
    const read = await api(app, owner.user, 'GET', `/api/missions/${upper}`);
    expect(read.status).to.equal(400);
    expect(read.body.code).to.equal('validation_failed');
    const started = await api(app, owner.user, 'POST', '/api/missions', {
      workspace_id: owner.workspaceId.toUpperCase(),
      name: 'upper',
    });
    expect(started.status).to.equal(400);
    expect((await api(app, owner.user, 'GET', `/api/missions/${owner.missionId}`)).status).to.equal(200);
  });

  it('U+0000 or a lone surrogate in a login name or password', async () => {
    for (const body of [
      '{"username_or_email":"ada\\u0000","password":"whatever it is"}',
      '{"username_or_email":"ada\\udc00","password":"whatever it is"}',
      `{"username_or_email":"${owner.user.username}","password":"x\\u0000"}`,
    ]) {
      const problem = await expectProblem(
        await send('POST', '/api/auth/login', body),
        400,
        'validation_failed',
      );
      expect(problem.errors[0].path).to.match(/^\/body\/(username_or_email|password)$/);
    }
  });

  it('U+0000 or a lone surrogate in a display name or an e-mail at sign-up', async () => {
    const fields = {
      username: 'hostile1',
      email: 'hostile1@example.com',
      password: 'a long password',
      display_name: 'Ada',
    };
    /** The sign-up body as JSON text, `changed` values written as given (JSON escapes included). */
    const signUpBody = (changed: Record<string, string>) =>
      `{${Object.entries({ ...fields, ...changed })
        .map(([name, value]) => `"${name}":"${value}"`)
        .join(',')}}`;
    for (const [name, value] of [
      ['display_name', 'Ada\\u0000'],
      ['display_name', 'Ada\\ud800'],
      ['email', 'hostile1\\u0000@example.com'],
    ] as const) {
      const response = await send('POST', '/api/auth/register', signUpBody({ [name]: value }));
      const problem = await expectProblem(response, 400, 'validation_failed');
      expect(problem.errors[0].path).to.equal(`/body/${name}`);
    }
    // Nothing was created: the same user signs up cleanly.
    const clean = await send('POST', '/api/auth/register', signUpBody({}));
    expect(clean.status, await clean.text()).to.equal(201);
  });

  it('a lone surrogate in a workspace name', async () => {
    const before = (await api(app, owner.user, 'GET', '/api/workspaces')).body.items.length;
    await expectProblem(
      await send('POST', '/api/workspaces', '{"name":"Team \\ud800"}'),
      400,
      'validation_failed',
    );
    expect((await api(app, owner.user, 'GET', '/api/workspaces')).body.items).to.have.lengthOf(before);
  });

  it('U+0000 (in a value or a key) or a lone surrogate in a mission definition, or JSON 5,000 levels deep', async () => {
    const before = await missions();
    for (const definition of [
      '{"a":"x\\u0000y"}',
      '{"a\\u0000":1}',
      '{"a":["\\udfff"]}',
      `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    ]) {
      const body = `{"workspace_id":"${owner.workspaceId}","name":"Hostile","definition":${definition}}`;
      const problem = await expectProblem(
        await send('POST', '/api/missions', body),
        400,
        'validation_failed',
      );
      expect(problem.errors[0].path).to.match(/^\/body\/definition\//);
    }
    expect(await missions()).to.deep.equal(before);
  });

  it('U+0000 in run input and in run output', async () => {
    const before = await runs();
    await expectProblem(
      await send('POST', `/api/missions/${owner.missionId}/runs`, '{"input":{"a":"\\u0000"}}'),
      400,
      'validation_failed',
    );
    expect(await runs()).to.deep.equal(before);

    const started = await api(app, owner.user, 'POST', `/api/missions/${owner.missionId}/runs`, {});
    const claimed = await api(app, owner.user, 'POST', '/api/runs/claim', {
      workspace_id: owner.workspaceId,
    });
    expect(claimed.body.id).to.equal(started.body.id);
    await expectProblem(
      await send(
        'POST',
        `/api/runs/${started.body.id}/complete`,
        '{"status":"succeeded","output":{"\\u0000":1}}',
      ),
      400,
      'validation_failed',
    );
    const run = await api(app, owner.user, 'GET', `/api/runs/${started.body.id}`);
    expect(run.body).to.include({ status: 'running', output: null });
  });

  it('?a=%00 on a signed webhook delivery: 400, so the sender stops retrying, and no delivery is stored', async () => {
    const trigger = await createTrigger(app, owner);
    const runsBefore = await runs();
    for (const query of ['a=%00', '%00=1', 'a=1&a=%00']) {
      const response = await deliver(app, `${trigger.webhook_path}?${query}`, '{}', trigger.signing_secret);
      await expectProblem(response, 400, 'validation_failed');
    }
    expect(await listed(`/api/triggers/${trigger.id}/deliveries`)).to.deep.equal([]);
    expect(await runs()).to.deep.equal(runsBefore);
  });

  it('a list cursor encoding a time past year 9999', async () => {
    for (const ms of ['253402300800000', '999999999999999']) {
      const cursor = Buffer.from(`${ms}.01a20899-eb53-70a5-affe-07bd5edc9c3e`).toString('base64url');
      for (const path of ['/api/runs', '/api/missions']) {
        const response = await app.request(`${path}?workspace_id=${owner.workspaceId}&cursor=${cursor}`, {
          headers: owner.user.auth,
        });
        const problem = await expectProblem(response, 400, 'validation_failed');
        expect(problem.errors).to.deep.equal([
          { path: '/query/cursor', message: 'is not a cursor of this list' },
        ]);
      }
    }
  });

  it('a body that is not in its Content-Encoding is 400; an encoding the server does not know is 415', async () => {
    const before = (await api(app, owner.user, 'GET', '/api/workspaces')).body.items.length;
    const body = JSON.stringify({ name: 'Encoded' });
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const response = await send('POST', '/api/workspaces', body, { 'content-encoding': encoding });
      const problem = await expectProblem(response, 400, 'invalid_request');
      expect(problem.detail).to.equal(`the request body is not valid ${encoding} data`);
    }
    await expectProblem(
      await send('POST', '/api/workspaces', body, { 'content-encoding': 'compress' }),
      415,
      'unsupported_media_type',
    );
    expect((await api(app, owner.user, 'GET', '/api/workspaces')).body.items).to.have.lengthOf(before);
    // A body really in gzip is read as usual.
    const gzipped = await send('POST', '/api/workspaces', gzipSync(body), { 'content-encoding': 'gzip' });
    expect(gzipped.status).to.equal(201);
    expect((await json(gzipped)).name).to.equal('Encoded');
  });

  it('U+0000 in the sign-in form of the web pages: a 400 page', async () => {
    const user = await signUp(app);
    const browser = new FormClient(app);
    const response = await browser.signIn(`${user.username}\u0000`, user.password);
    expect(response.status).to.equal(400);
    expect(response.headers.get('content-type')).to.match(/^text\/html/);
  });
});
