import { expect } from 'chai';
import type { Cradle } from '../../src/container.ts';
import type { Principal } from '../../src/domain/kernel/principal.ts';
import { type Caller, principalOf, withKey } from './api.ts';
import { joinWorkspace } from './members.ts';
import { type SignedUp, signUp, startTestApp, type TestApp } from './test-app.ts';

/**
 * One area's authorisation matrix: every bearer route of the area, called by the owner, an admin, a member
 * and an outsider, each as a person and with an API key of their role, and anonymously (401), each call on a
 * fresh workspace. The routes the area's paths match must be exactly the cases (and the `open` ones).
 */

const PEOPLE = ['owner', 'admin', 'member', 'outsider'] as const;
export type Person = (typeof PEOPLE)[number];
const KEYS = ['admin key', 'member key', 'outsider key'] as const;
type Key = (typeof KEYS)[number];
const LIKE: Record<Key, Person> = {
  'admin key': 'admin',
  'member key': 'member',
  'outsider key': 'outsider',
};
const CALLERS = [...PEOPLE, ...KEYS, 'anonymous'] as const;

export const READ = { owner: 200, admin: 200, member: 200, outsider: 404 };
export const ADMIN = (ok: number) => ({ owner: ok, admin: ok, member: 403, outsider: 404 });

export interface MatrixRequest {
  readonly method: string;
  readonly path: string;
  /** A string is sent as it is (with `type`); anything else as JSON. */
  readonly body?: unknown;
  readonly type?: string;
  readonly headers?: Record<string, string>;
}

export interface MatrixCase<F> {
  readonly route: string;
  readonly expect: Readonly<Record<Person, number>>;
  readonly request: (f: F) => MatrixRequest;
}

export interface AreaMatrix<F> {
  readonly settings?: Record<string, string>;
  readonly workspaceName: string;
  /** What the cases act on, made by the owner in a fresh workspace the admin and the member have joined. */
  readonly fixture: (c: Cradle, owner: Principal, workspaceId: string) => Promise<F>;
  /** The title of the test that every route of the area (paths matching `routes`) has its case. */
  readonly coverage: string;
  readonly routes: RegExp;
  /** The area's routes that take no bearer token (no case), `METHOD /path`. */
  readonly open?: readonly string[];
  readonly cases: readonly MatrixCase<F & { readonly workspaceId: string }>[];
}

export function areaAuthorizationMatrix<F>(title: string, area: AreaMatrix<F>): void {
  type Fixture = F & { readonly workspaceId: string };
  describe(title, () => {
    let app: TestApp;
    const users = {} as Record<Person, SignedUp>;
    const principals = {} as Record<Person, Principal>;
    let outsiderKey: Caller;

    before(async () => {
      app = await startTestApp(area.settings);
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
      const { workspace } = await c.createWorkspace(principals.owner, { name: area.workspaceName });
      for (const role of ['admin', 'member'] as const) {
        const joiner = { principal: principals[role], login: users[role].username };
        await joinWorkspace(c, principals.owner, workspace.id, joiner, role);
      }
      return { ...(await area.fixture(c, principals.owner, workspace.id)), workspaceId: workspace.id };
    }

    async function callerFor(
      who: Exclude<(typeof CALLERS)[number], 'anonymous'>,
      f: Fixture,
    ): Promise<Caller> {
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

    it(area.coverage, () => {
      const routes = app.container.cradle.routes.filter((r) => area.routes.test(r.path));
      const bearer = routes.filter((r) => r.security === 'bearer').map((r) => `${r.method} ${r.path}`);
      expect(area.cases.map((c) => c.route)).to.have.members(bearer);
      const open = routes.filter((r) => r.security !== 'bearer').map((r) => `${r.method} ${r.path}`);
      expect(open).to.have.members(area.open ?? []);
    });

    for (const testCase of area.cases) {
      it(testCase.route, async () => {
        const outcomes: string[] = [];
        const expected: string[] = [];
        for (const who of CALLERS) {
          const f = await fixture();
          const caller = who === 'anonymous' ? undefined : await callerFor(who, f);
          const { method, path, body, type, headers } = testCase.request(f);
          const raw = typeof body === 'string';
          const contentType = raw ? type : body === undefined ? undefined : 'application/json';
          const response = await app.request(path, {
            method,
            headers: {
              ...(caller?.auth ?? {}),
              ...(contentType ? { 'content-type': contentType } : {}),
              ...headers,
            },
            ...(body === undefined ? {} : { body: raw ? body : JSON.stringify(body) }),
          });
          const head = method === 'HEAD';
          const answer =
            response.status >= 400 && !head ? ((await response.json()) as { code: string }).code : '';
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
          expected.push(`${who} ${want} ${head ? '' : code}`);
        }
        expect(outcomes).to.deep.equal(expected);
      });
    }
  });
}
