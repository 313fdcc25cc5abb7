import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Principal } from '../../../src/application/auth/principal.ts';
import { api, principalOf } from '../../support/api.ts';
import { joinWorkspace } from '../../support/members.ts';
import { type SignedUp, signUp, startTestApp, type TestApp } from '../../support/test-app.ts';

const CALLERS = ['owner', 'admin', 'member', 'outsider', 'anonymous'] as const;
type Caller = (typeof CALLERS)[number];

/** A workspace of its own for every request, so that no request depends on another's effects. */
interface Fixture {
  readonly workspaceId: string;
  readonly missionId: string;
  readonly runId: string;
  /** An open invitation of the workspace to an address none of the callers holds. */
  readonly invitationId: string;
  /** An outbound webhook endpoint of the workspace, with one message (a cancelled run's). */
  readonly endpointId: string;
  readonly messageId: string;
  readonly apiKeyId: string;
}

interface Case {
  readonly route: string;
  /** Expected status per caller; anonymous is always 401. */
  readonly expect: Readonly<Record<Exclude<Caller, 'anonymous'>, number>>;
  readonly request: (f: Fixture) => { method: string; path: string; body?: unknown };
  /** Runs before the request, as the caller's principal (for example: claim the run as this worker). */
  readonly prepare?: (f: Fixture, caller: Principal, owner: Principal) => Promise<void>;
}

const READ = { owner: 200, admin: 200, member: 200, outsider: 404 };
const OWNER_ONLY = (ok: number) => ({ owner: ok, admin: 403, member: 403, outsider: 404 });
const ADMIN = (ok: number) => ({ owner: ok, admin: ok, member: 403, outsider: 404 });
/** An invitation shows to its invitee only: to everyone else, its workspace's owner included, it does not exist. */
const INVITEE_ONLY = { owner: 404, admin: 404, member: 404, outsider: 404 };

describe('authorisation matrix: every workspace, invitation, mission and run route for owner, admin, member, outsider', () => {
  let app: TestApp;
  const users = {} as Record<Exclude<Caller, 'anonymous'> | 'extra', SignedUp>;
  const principals = {} as Record<Exclude<Caller, 'anonymous'> | 'extra', Principal>;

  before(async () => {
    app = await startTestApp();
    for (const name of ['owner', 'admin', 'member', 'outsider', 'extra'] as const) {
      users[name] = await signUp(app);
      principals[name] = await principalOf(app, users[name]);
    }
  });
  after(() => app?.close());

  async function fixture(): Promise<Fixture> {
    const c = app.container.cradle;
    const owner = principals.owner;
    const { workspace } = await c.createWorkspace(owner, { name: 'Matrix' });
    for (const role of ['admin', 'member'] as const) {
      await joinWorkspace(
        c,
        owner,
        workspace.id,
        { principal: principals[role], login: users[role].username },
        role,
      );
    }
    const mission = await c.createMission(owner, { workspaceId: workspace.id, name: 'm' });
    const run = await c.startRun(owner, mission.id, {});
    const invitation = await c.inviteMember(owner, workspace.id, {
      usernameOrEmail: `guest-${randomUUID()}@example.com`,
      role: 'member',
    });
    const endpoint = await c.createWebhookEndpoint(owner, workspace.id, {
      url: 'https://receiver.example/hooks',
      eventTypes: ['run.cancelled'],
    });
    await c.cancelRun(owner, (await c.startRun(owner, mission.id, {})).id);
    const [message] = (await c.listWebhookMessages(owner, endpoint.id, { limit: 1 })).items;
    if (!message) throw new Error('cancelling a run recorded no webhook message');
    const { apiKey } = await c.createApiKey(
      owner,
      workspace.id,
      { name: 'k', role: 'member', expiresAt: null },
      'ip',
    );
    return {
      workspaceId: workspace.id,
      missionId: mission.id,
      runId: run.id,
      apiKeyId: apiKey.id,
      invitationId: invitation.id,
      endpointId: endpoint.id,
      messageId: message.message.id,
    };
  }

  const claimAsCallerIfAdmin = async (f: Fixture, caller: Principal, owner: Principal) => {
    const claimer = [principals.owner, principals.admin].includes(caller) ? caller : owner;
    await app.container.cradle.claimRun(claimer, { workspaceId: f.workspaceId });
  };
  const addExtra = async (f: Fixture, _caller: Principal, owner: Principal) => {
    const joiner = { principal: principals.extra, login: users.extra.username };
    await joinWorkspace(app.container.cradle, owner, f.workspaceId, joiner, 'member');
  };

  const cases: Case[] = [
    {
      route: 'GET /api/workspaces',
      expect: { ...READ, outsider: 200 },
      request: () => ({ method: 'GET', path: '/api/workspaces' }),
    },
    {
      route: 'POST /api/workspaces',
      expect: { owner: 201, admin: 201, member: 201, outsider: 201 },
      request: () => ({ method: 'POST', path: '/api/workspaces', body: { name: 'Mine' } }),
    },
    {
      route: 'GET /api/workspaces/{id}',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/workspaces/${f.workspaceId}` }),
    },
    {
      route: 'PATCH /api/workspaces/{id}',
      expect: OWNER_ONLY(200),
      request: (f) => ({
        method: 'PATCH',
        path: `/api/workspaces/${f.workspaceId}`,
        body: { name: 'Renamed' },
      }),
    },
    {
      route: 'DELETE /api/workspaces/{id}',
      expect: OWNER_ONLY(204),
      request: (f) => ({ method: 'DELETE', path: `/api/workspaces/${f.workspaceId}` }),
    },
    {
      route: 'GET /api/workspaces/{id}/members',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/workspaces/${f.workspaceId}/members` }),
    },
    {
      route: 'PATCH /api/workspaces/{id}/members/{user_id}',
      expect: OWNER_ONLY(200),
      prepare: addExtra,
      request: (f) => ({
        method: 'PATCH',
        path: `/api/workspaces/${f.workspaceId}/members/${users.extra.userId}`,
        body: { role: 'admin' },
      }),
    },
    {
      route: 'DELETE /api/workspaces/{id}/members/{user_id}',
      expect: OWNER_ONLY(204),
      prepare: addExtra,
      request: (f) => ({
        method: 'DELETE',
        path: `/api/workspaces/${f.workspaceId}/members/${users.extra.userId}`,
      }),
    },
    {
      route: 'POST /api/workspaces/{id}/invitations',
      expect: OWNER_ONLY(201),
      request: (f) => ({
        method: 'POST',
        path: `/api/workspaces/${f.workspaceId}/invitations`,
        body: { username_or_email: users.extra.email, role: 'admin' },
      }),
    },
    {
      route: 'GET /api/workspaces/{id}/invitations',
      expect: OWNER_ONLY(200),
      request: (f) => ({ method: 'GET', path: `/api/workspaces/${f.workspaceId}/invitations` }),
    },
    {
      route: 'DELETE /api/workspaces/{id}/invitations/{invitation_id}',
      expect: OWNER_ONLY(204),
      request: (f) => ({
        method: 'DELETE',
        path: `/api/workspaces/${f.workspaceId}/invitations/${f.invitationId}`,
      }),
    },
    {
      route: 'GET /api/invitations',
      expect: { ...READ, outsider: 200 },
      request: () => ({ method: 'GET', path: '/api/invitations' }),
    },
    {
      route: 'POST /api/invitations/{id}/accept',
      expect: INVITEE_ONLY,
      request: (f) => ({ method: 'POST', path: `/api/invitations/${f.invitationId}/accept` }),
    },
    {
      route: 'POST /api/invitations/{id}/decline',
      expect: INVITEE_ONLY,
      request: (f) => ({ method: 'POST', path: `/api/invitations/${f.invitationId}/decline` }),
    },
    {
      route: 'POST /api/workspaces/{id}/api-keys',
      expect: ADMIN(201),
      request: (f) => ({
        method: 'POST',
        path: `/api/workspaces/${f.workspaceId}/api-keys`,
        body: { name: 'worker', role: 'admin' },
      }),
    },
    {
      route: 'GET /api/workspaces/{id}/api-keys',
      expect: ADMIN(200),
      request: (f) => ({ method: 'GET', path: `/api/workspaces/${f.workspaceId}/api-keys` }),
    },
    {
      route: 'DELETE /api/workspaces/{id}/api-keys/{key_id}',
      expect: ADMIN(204),
      request: (f) => ({ method: 'DELETE', path: `/api/workspaces/${f.workspaceId}/api-keys/${f.apiKeyId}` }),
    },
    {
      route: 'POST /api/missions',
      expect: ADMIN(201),
      request: (f) => ({
        method: 'POST',
        path: '/api/missions',
        body: { workspace_id: f.workspaceId, name: 'new' },
      }),
    },
    {
      route: 'GET /api/missions',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/missions?workspace_id=${f.workspaceId}` }),
    },
    {
      route: 'GET /api/missions/{id}',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/missions/${f.missionId}` }),
    },
    {
      route: 'PATCH /api/missions/{id}',
      expect: ADMIN(200),
      request: (f) => ({ method: 'PATCH', path: `/api/missions/${f.missionId}`, body: { name: 'changed' } }),
    },
    {
      route: 'DELETE /api/missions/{id}',
      expect: ADMIN(204),
      prepare: async (f, _caller, owner) => void (await app.container.cradle.cancelRun(owner, f.runId)),
      request: (f) => ({ method: 'DELETE', path: `/api/missions/${f.missionId}` }),
    },
    {
      route: 'POST /api/missions/{id}/runs',
      expect: ADMIN(202),
      request: (f) => ({ method: 'POST', path: `/api/missions/${f.missionId}/runs`, body: {} }),
    },
    {
      route: 'GET /api/runs',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/runs?workspace_id=${f.workspaceId}` }),
    },
    {
      route: 'GET /api/runs/{id}',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/runs/${f.runId}` }),
    },
    {
      route: 'POST /api/runs/{id}/cancel',
      expect: ADMIN(200),
      request: (f) => ({ method: 'POST', path: `/api/runs/${f.runId}/cancel` }),
    },
    {
      route: 'POST /api/runs/claim',
      expect: ADMIN(200),
      request: (f) => ({ method: 'POST', path: '/api/runs/claim', body: { workspace_id: f.workspaceId } }),
    },
    {
      route: 'POST /api/runs/{id}/heartbeat',
      expect: ADMIN(200),
      prepare: claimAsCallerIfAdmin,
      request: (f) => ({ method: 'POST', path: `/api/runs/${f.runId}/heartbeat`, body: {} }),
    },
    {
      route: 'POST /api/runs/{id}/complete',
      expect: ADMIN(200),
      prepare: claimAsCallerIfAdmin,
      request: (f) => ({
        method: 'POST',
        path: `/api/runs/${f.runId}/complete`,
        body: { status: 'succeeded' },
      }),
    },
    {
      route: 'POST /api/workspaces/{id}/webhook-endpoints',
      expect: ADMIN(201),
      request: (f) => ({
        method: 'POST',
        path: `/api/workspaces/${f.workspaceId}/webhook-endpoints`,
        body: { url: 'https://receiver.example/other', event_types: ['run.failed'] },
      }),
    },
    {
      route: 'GET /api/workspaces/{id}/webhook-endpoints',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/workspaces/${f.workspaceId}/webhook-endpoints` }),
    },
    {
      route: 'GET /api/webhook-endpoints/{id}',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/webhook-endpoints/${f.endpointId}` }),
    },
    {
      route: 'PATCH /api/webhook-endpoints/{id}',
      expect: ADMIN(200),
      request: (f) => ({
        method: 'PATCH',
        path: `/api/webhook-endpoints/${f.endpointId}`,
        body: { enabled: false },
      }),
    },
    {
      route: 'DELETE /api/webhook-endpoints/{id}',
      expect: ADMIN(204),
      request: (f) => ({ method: 'DELETE', path: `/api/webhook-endpoints/${f.endpointId}` }),
    },
    {
      route: 'POST /api/webhook-endpoints/{id}/rotate-secret',
      expect: ADMIN(200),
      request: (f) => ({ method: 'POST', path: `/api/webhook-endpoints/${f.endpointId}/rotate-secret` }),
    },
    {
      route: 'GET /api/webhook-endpoints/{id}/messages',
      expect: READ,
      request: (f) => ({ method: 'GET', path: `/api/webhook-endpoints/${f.endpointId}/messages` }),
    },
    {
      route: 'POST /api/webhook-messages/{id}/resend',
      expect: ADMIN(202),
      request: (f) => ({ method: 'POST', path: `/api/webhook-messages/${f.messageId}/resend` }),
    },
  ];

  it('covers every registered route of workspaces, invitations, missions, runs and outbound webhooks', () => {
    const registered = app.container.cradle.routes
      .filter((r) =>
        /^\/api\/(workspaces|invitations|missions|runs|webhook-endpoints|webhook-messages)/.test(r.path),
      )
      .map((r) => `${r.method} ${r.path}`);
    expect(cases.map((c) => c.route)).to.have.members(registered);
  });

  for (const testCase of cases) {
    it(testCase.route, async () => {
      const outcomes: string[] = [];
      const expected: string[] = [];
      for (const caller of CALLERS) {
        const f = await fixture();
        if (caller !== 'anonymous') await testCase.prepare?.(f, principals[caller], principals.owner);
        const { method, path, body } = testCase.request(f);
        const response = await api(
          app,
          caller === 'anonymous' ? undefined : users[caller],
          method,
          path,
          body,
        );
        const want = caller === 'anonymous' ? 401 : testCase.expect[caller];
        outcomes.push(`${caller} ${response.status}`);
        expected.push(`${caller} ${want}`);
        if (want >= 400) {
          const code = { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found' }[want as 401 | 403 | 404];
          expect(response.body?.code, `${caller}: ${JSON.stringify(response.body)}`).to.equal(code);
        }
        if (testCase.route === 'GET /api/workspaces' && want === 200) {
          const ids = response.body.items.map((w: { id: string }) => w.id);
          expect(ids.includes(f.workspaceId), caller).to.equal(caller !== 'outsider');
        }
      }
      expect(outcomes).to.deep.equal(expected);
    });
  }

  it("answers another workspace's resources exactly like resources that do not exist", async () => {
    const f = await fixture();
    const pairs = [
      [`/api/workspaces/${f.workspaceId}`, `/api/workspaces/${randomUUID()}`],
      [`/api/missions/${f.missionId}`, `/api/missions/${randomUUID()}`],
      [`/api/runs/${f.runId}`, `/api/runs/${randomUUID()}`],
      [`/api/runs?workspace_id=${f.workspaceId}`, `/api/runs?workspace_id=${randomUUID()}`],
      [`/api/webhook-endpoints/${f.endpointId}`, `/api/webhook-endpoints/${randomUUID()}`],
      [`/api/webhook-endpoints/${f.endpointId}/messages`, `/api/webhook-endpoints/${randomUUID()}/messages`],
    ];
    for (const [existing, missing] of pairs) {
      const hidden = await api(app, users.outsider, 'GET', existing as string);
      const absent = await api(app, users.outsider, 'GET', missing as string);
      expect(hidden.status, existing).to.equal(404);
      expect(hidden.body, existing).to.deep.equal(absent.body);
    }
  });
});
