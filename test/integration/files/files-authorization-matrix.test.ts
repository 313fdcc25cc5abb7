import { expect } from 'chai';
import type { Principal } from '../../../src/domain/kernel/principal.ts';
import { type Caller, principalOf, withKey } from '../../support/api.ts';
import { joinWorkspace } from '../../support/members.ts';
import { type SignedUp, signUp, startTestApp, type TestApp } from '../../support/test-app.ts';

const PEOPLE = ['owner', 'admin', 'member', 'outsider'] as const;
type Person = (typeof PEOPLE)[number];
const KEYS = ['admin key', 'member key', 'outsider key'] as const;
type Key = (typeof KEYS)[number];
const LIKE: Record<Key, Person> = {
  'admin key': 'admin',
  'member key': 'member',
  'outsider key': 'outsider',
};
const CALLERS = [...PEOPLE, ...KEYS, 'anonymous'] as const;

interface Fixture {
  readonly workspaceId: string;
  readonly fileId: string;
  /** An unfinished tus upload of 10 bytes, none sent yet. */
  readonly uploadId: string;
}

const TUS = { 'tus-resumable': '1.0.0' };

interface Case {
  readonly route: string;
  readonly expect: Readonly<Record<Person, number>>;
  readonly request: (f: Fixture) => {
    method: string;
    path: string;
    body?: string;
    type?: string;
    headers?: Record<string, string>;
  };
}

const READ = { owner: 200, admin: 200, member: 200, outsider: 404 };
const ADMIN = (ok: number) => ({ owner: ok, admin: ok, member: 403, outsider: 404 });

const json = (body: unknown) => ({ body: JSON.stringify(body), type: 'application/json' });

describe('authorisation matrix: every files and uploads route for every role, as a person and as an API key', () => {
  let app: TestApp;
  const users = {} as Record<Person, SignedUp>;
  const principals = {} as Record<Person, Principal>;
  let outsiderKey: Caller;

  before(async () => {
    app = await startTestApp({ FILE_STORAGE: 'postgres' });
    for (const name of PEOPLE) {
      users[name] = await signUp(app);
      principals[name] = await principalOf(app, users[name]);
    }
    const c = app.container.cradle;
    const [elsewhere] = await c.workspaces.listForUser(users.outsider.userId);
    const { key } = await c.createApiKey(
      principals.outsider,
      elsewhere?.workspace.id as string,
      { name: 'k', role: 'admin', expiresAt: null },
      'ip',
    );
    outsiderKey = withKey(key);
  });
  after(() => app?.close());

  async function fixture(): Promise<Fixture> {
    const c = app.container.cradle;
    const { workspace } = await c.createWorkspace(principals.owner, { name: 'Files matrix' });
    for (const role of ['admin', 'member'] as const) {
      const joiner = { principal: principals[role], login: users[role].username };
      await joinWorkspace(c, principals.owner, workspace.id, joiner, role);
    }
    const file = await c.uploadFile(principals.owner, {
      workspaceId: workspace.id,
      name: 'f.txt',
      contentType: 'text/plain',
      bytes: (async function* () {
        yield Buffer.from('hello');
      })(),
    });
    const upload = await c.createUpload(principals.owner, {
      workspaceId: workspace.id,
      name: 'u.bin',
      contentType: undefined,
      length: 10,
    });
    return { workspaceId: workspace.id, fileId: file.id, uploadId: upload.id };
  }

  async function callerFor(who: Exclude<(typeof CALLERS)[number], 'anonymous'>, f: Fixture): Promise<Caller> {
    if (who === 'outsider key') return outsiderKey;
    if (who === 'admin key' || who === 'member key') {
      const role = who === 'admin key' ? 'admin' : 'member';
      const { key } = await app.container.cradle.createApiKey(
        principals.owner,
        f.workspaceId,
        { name: role, role, expiresAt: null },
        'ip',
      );
      return withKey(key);
    }
    return users[who];
  }

  const cases: Case[] = [
    {
      route: 'POST /api/files',
      expect: ADMIN(201),
      request: (f) => ({
        method: 'POST',
        path: `/api/files?workspace_id=${f.workspaceId}&name=new.txt`,
        body: 'new bytes',
        type: 'text/plain',
      }),
    },
    {
      route: 'GET /api/files',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/files?workspace_id=${f.workspaceId}` }),
    },
    {
      route: 'GET /api/files/{id}',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/files/${f.fileId}` }),
    },
    {
      route: 'DELETE /api/files/{id}',
      expect: ADMIN(204),
      request: (f) => ({ method: 'DELETE', path: `/api/files/${f.fileId}` }),
    },
    {
      route: 'GET /api/files/{id}/content',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/files/${f.fileId}/content` }),
    },
    {
      route: 'POST /api/files/{id}/links',
      expect: { ...READ, owner: 201, admin: 201, member: 201 },
      request: (f) => ({
        method: 'POST',
        path: `/api/files/${f.fileId}/links`,
        ...json({ expires_in_seconds: 60 }),
      }),
    },
    {
      route: 'POST /api/uploads',
      expect: ADMIN(201),
      request: (f) => ({
        method: 'POST',
        path: `/api/uploads?workspace_id=${f.workspaceId}&name=t.bin`,
        headers: { ...TUS, 'upload-length': '5' },
      }),
    },
    {
      route: 'HEAD /api/uploads/{id}',
      expect: ADMIN(200),
      request: (f) => ({ method: 'HEAD', path: `/api/uploads/${f.uploadId}`, headers: TUS }),
    },
    {
      route: 'PATCH /api/uploads/{id}',
      expect: ADMIN(204),
      request: (f) => ({
        method: 'PATCH',
        path: `/api/uploads/${f.uploadId}`,
        body: 'abc',
        type: 'application/offset+octet-stream',
        headers: { ...TUS, 'upload-offset': '0' },
      }),
    },
    {
      route: 'DELETE /api/uploads/{id}',
      expect: ADMIN(204),
      request: (f) => ({ method: 'DELETE', path: `/api/uploads/${f.uploadId}`, headers: TUS }),
    },
  ];

  it('covers every bearer route of files; the signed-link download is the one public route', () => {
    const routes = app.container.cradle.routes.filter((r) => /^\/api\/(files|uploads)/.test(r.path));
    const bearer = routes.filter((r) => r.security === 'bearer').map((r) => `${r.method} ${r.path}`);
    expect(cases.map((c) => c.route)).to.have.members(bearer);
    const open = routes.filter((r) => r.security !== 'bearer').map((r) => `${r.method} ${r.path}`);
    expect(open).to.have.members(['GET /api/files/download/{link}', 'OPTIONS /api/uploads']);
  });

  for (const testCase of cases) {
    it(testCase.route, async () => {
      const outcomes: string[] = [];
      const expected: string[] = [];
      for (const who of CALLERS) {
        const f = await fixture();
        const caller = who === 'anonymous' ? undefined : await callerFor(who, f);
        const { method, path, body, type, headers } = testCase.request(f);
        const response = await app.request(path, {
          method,
          headers: { ...(caller?.auth ?? {}), ...(type ? { 'content-type': type } : {}), ...headers },
          ...(body !== undefined ? { body } : {}),
        });
        const answer =
          response.status >= 400 && method !== 'HEAD'
            ? ((await response.json()) as { code: string }).code
            : '';
        if (response.status < 400) await response.arrayBuffer();
        const want =
          who === 'anonymous'
            ? 401
            : (KEYS as readonly string[]).includes(who)
              ? testCase.expect[LIKE[who as Key]]
              : testCase.expect[who as Person];
        const code =
          { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found' }[want as 401 | 403 | 404] ?? '';
        outcomes.push(`${who} ${response.status} ${answer}`);
        expected.push(`${who} ${want} ${method === 'HEAD' ? '' : code}`);
      }
      expect(outcomes).to.deep.equal(expected);
    });
  }
});
