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
  readonly missionId: string;
  readonly runId: string;
  readonly datasetId: string;
  readonly itemId: string;
  readonly fileId: string;
  readonly evaluationId: string;
  readonly otherEvaluationId: string;
}

interface Case {
  readonly route: string;
  readonly expect: Readonly<Record<Person, number>>;
  readonly request: (f: Fixture) => { method: string; path: string; body?: unknown };
}

const READ = { owner: 200, admin: 200, member: 200, outsider: 404 };
const ADMIN = (ok: number) => ({ owner: ok, admin: ok, member: 403, outsider: 404 });

describe('authorisation matrix: every dataset and evaluation route for every role, as a person and as an API key', () => {
  let app: TestApp;
  const users = {} as Record<Person, SignedUp>;
  const principals = {} as Record<Person, Principal>;
  let outsiderKey: Caller;

  before(async () => {
    // The evaluation runner is not started: evaluations stay running, so each case finds them as made.
    app = await startTestApp({ QUOTA_WORKSPACES_PER_USER: '100000' });
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
    const owner = principals.owner;
    const { workspace } = await c.createWorkspace(owner, { name: 'Evaluations matrix' });
    for (const role of ['admin', 'member'] as const) {
      const joiner = { principal: principals[role], login: users[role].username };
      await joinWorkspace(c, owner, workspace.id, joiner, role);
    }
    const mission = await c.createMission(owner, { workspaceId: workspace.id, name: 'm' });
    const run = await c.startRun(owner, mission.id, { input: { q: 1 } });
    const dataset = await c.createDataset(owner, { workspace_id: workspace.id, name: 'd' });
    await c.addDatasetItems(owner, dataset.id, [{ input: 1, expected: 1 }]);
    const [item] = (await c.listDatasetItems(owner, dataset.id, { limit: 1 })).items;
    const file = await c.uploadFile(owner, {
      workspaceId: workspace.id,
      name: 'items.ndjson',
      contentType: 'application/x-ndjson',
      bytes: (async function* () {
        yield Buffer.from('{"input":2}\n');
      })(),
    });
    const evaluate = () =>
      c.createEvaluation(owner, {
        dataset_id: dataset.id,
        target: { mission_id: mission.id },
        scorers: [{ name: 'e', kind: 'exact_match' }],
      });
    const [evaluation, other] = [await evaluate(), await evaluate()];
    return {
      workspaceId: workspace.id,
      missionId: mission.id,
      runId: run.id,
      datasetId: dataset.id,
      itemId: item?.id as string,
      fileId: file.id,
      evaluationId: evaluation.id,
      otherEvaluationId: other.id,
    };
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
      route: 'POST /api/datasets',
      expect: ADMIN(201),
      request: (f) => ({
        method: 'POST',
        path: '/api/datasets',
        body: { workspace_id: f.workspaceId, name: 'n' },
      }),
    },
    {
      route: 'GET /api/datasets/{id}',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/datasets/${f.datasetId}` }),
    },
    {
      route: 'POST /api/datasets/{id}/items',
      expect: ADMIN(201),
      request: (f) => ({
        method: 'POST',
        path: `/api/datasets/${f.datasetId}/items`,
        body: { items: [{ input: 3 }] },
      }),
    },
    {
      route: 'GET /api/datasets/{id}/items',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/datasets/${f.datasetId}/items` }),
    },
    {
      route: 'POST /api/datasets/{id}/imports',
      expect: ADMIN(201),
      request: (f) => ({
        method: 'POST',
        path: `/api/datasets/${f.datasetId}/imports`,
        body: { file_id: f.fileId },
      }),
    },
    {
      route: 'POST /api/datasets/{id}/items/from-run',
      expect: ADMIN(201),
      request: (f) => ({
        method: 'POST',
        path: `/api/datasets/${f.datasetId}/items/from-run`,
        body: { run_id: f.runId },
      }),
    },
    {
      route: 'DELETE /api/dataset-items/{id}',
      expect: ADMIN(204),
      request: (f) => ({ method: 'DELETE', path: `/api/dataset-items/${f.itemId}` }),
    },
    {
      route: 'POST /api/evaluations',
      expect: ADMIN(202),
      request: (f) => ({
        method: 'POST',
        path: '/api/evaluations',
        body: {
          dataset_id: f.datasetId,
          target: { mission_id: f.missionId },
          scorers: [{ name: 'c', kind: 'contains' }],
        },
      }),
    },
    {
      route: 'GET /api/evaluations/compare',
      expect: READ,
      request: (f) => ({
        method: 'GET',
        path: `/api/evaluations/compare?base=${f.evaluationId}&head=${f.otherEvaluationId}`,
      }),
    },
    {
      route: 'GET /api/evaluations/{id}',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/evaluations/${f.evaluationId}` }),
    },
    {
      route: 'GET /api/evaluations/{id}/results',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/evaluations/${f.evaluationId}/results` }),
    },
    {
      route: 'POST /api/evaluations/{id}/cancel',
      expect: ADMIN(200),
      request: (f) => ({ method: 'POST', path: `/api/evaluations/${f.evaluationId}/cancel` }),
    },
  ];

  it('covers every route of datasets and evaluations', () => {
    const routes = app.container.cradle.routes
      .filter((r) => /^\/api\/(datasets|dataset-items|evaluations)/.test(r.path))
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
          headers: {
            ...(caller?.auth ?? {}),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
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
