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
  readonly knowledgeBaseId: string;
  readonly documentId: string;
}

interface Case {
  readonly route: string;
  readonly expect: Readonly<Record<Person, number>>;
  readonly request: (f: Fixture) => { method: string; path: string; body?: unknown };
}

const READ = { owner: 200, admin: 200, member: 200, outsider: 404 };
const ADMIN = (ok: number) => ({ owner: ok, admin: ok, member: 403, outsider: 404 });

describe('authorisation matrix: every knowledge route for every role, as a person and as an API key', () => {
  let app: TestApp;
  const users = {} as Record<Person, SignedUp>;
  const principals = {} as Record<Person, Principal>;
  let outsiderKey: Caller;

  before(async () => {
    app = await startTestApp({ QUOTA_WORKSPACES_PER_USER: '100000', KNOWLEDGE_POLL_INTERVAL_SECONDS: '0' });
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
    const { workspace } = await c.createWorkspace(principals.owner, { name: 'Knowledge matrix' });
    for (const role of ['admin', 'member'] as const) {
      const joiner = { principal: principals[role], login: users[role].username };
      await joinWorkspace(c, principals.owner, workspace.id, joiner, role);
    }
    const base = await c.createKnowledgeBase(principals.owner, { workspaceId: workspace.id, name: 'kb' });
    const document = await c.addDocument(principals.owner, base.id, { title: 't', text: 'some words' });
    return { workspaceId: workspace.id, knowledgeBaseId: base.id, documentId: document.id };
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
      route: 'POST /api/knowledge-bases',
      expect: ADMIN(201),
      request: (f) => ({
        method: 'POST',
        path: '/api/knowledge-bases',
        body: { workspace_id: f.workspaceId, name: 'n' },
      }),
    },
    {
      route: 'GET /api/knowledge-bases',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/knowledge-bases?workspace_id=${f.workspaceId}` }),
    },
    {
      route: 'GET /api/knowledge-bases/{id}',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/knowledge-bases/${f.knowledgeBaseId}` }),
    },
    {
      route: 'DELETE /api/knowledge-bases/{id}',
      expect: ADMIN(204),
      request: (f) => ({ method: 'DELETE', path: `/api/knowledge-bases/${f.knowledgeBaseId}` }),
    },
    {
      route: 'POST /api/knowledge-bases/{id}/documents',
      expect: ADMIN(202),
      request: (f) => ({
        method: 'POST',
        path: `/api/knowledge-bases/${f.knowledgeBaseId}/documents`,
        body: { title: 'n', text: 'words' },
      }),
    },
    {
      route: 'GET /api/knowledge-bases/{id}/documents',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/knowledge-bases/${f.knowledgeBaseId}/documents` }),
    },
    {
      route: 'POST /api/knowledge-bases/{id}/search',
      expect: READ,
      request: (f) => ({
        method: 'POST',
        path: `/api/knowledge-bases/${f.knowledgeBaseId}/search`,
        body: { query: 'words' },
      }),
    },
    {
      route: 'GET /api/documents/{id}',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/documents/${f.documentId}` }),
    },
    {
      route: 'DELETE /api/documents/{id}',
      expect: ADMIN(204),
      request: (f) => ({ method: 'DELETE', path: `/api/documents/${f.documentId}` }),
    },
  ];

  it('covers every route of knowledge bases and documents', () => {
    const routes = app.container.cradle.routes
      .filter((r) => /^\/api\/(knowledge-bases|documents)/.test(r.path))
      .map((r) => `${r.method} ${r.path}`);
    expect(cases.map((c) => c.route)).to.have.members(routes);
  });

  for (const testCase of cases) {
    it(testCase.route, async () => {
      const outcomes: string[] = [];
      const expected: string[] = [];
      for (const who of CALLERS) {
        const f = await fixture();
        const caller = who === 'anonymous' ? undefined : await callerFor(who, f);
        const { method, path, body } = testCase.request(f);
        const response = await app.request(path, {
          method,
          headers: { ...(caller?.auth ?? {}), ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        const answer = response.status >= 400 ? ((await response.json()) as { code: string }).code : '';
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
        expected.push(`${who} ${want} ${code}`);
      }
      expect(outcomes).to.deep.equal(expected);
    });
  }
});
