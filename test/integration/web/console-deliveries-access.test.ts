import { expect } from 'chai';
import { api, principalOf } from '../../support/api.ts';
import { type FormClient, signedInClients } from '../../support/form-client.ts';
import { joinWorkspace } from '../../support/members.ts';
import { type SignedUp, signUp, startTestApp, type TestApp } from '../../support/test-app.ts';
import { deliver } from '../../support/webhook-fixture.ts';

/**
 * The delivery and outbound-webhook pages of the console for every kind of visitor, over plain HTTP: signed
 * out (to the sign-in form), outsider (404, as the API), member (reads, but no action: no button, and a
 * POST is 403 with nothing changed), forged forms (403), and bad input (400, nothing changed).
 */
describe('console delivery and outbound webhook pages: who may see and post what (HTTP, PostgreSQL)', function () {
  this.timeout(60_000);
  let app: TestApp;
  let owner: SignedUp;
  let member: SignedUp;
  let outsider: SignedUp;
  const ids = {} as Record<'workspace' | 'mission' | 'trigger' | 'delivery' | 'endpoint' | 'message', string>;
  let browsers: Record<'owner' | 'member' | 'outsider' | 'anonymous', FormClient>;

  const deliveries = async () =>
    (await api(app, owner, 'GET', `/api/triggers/${ids.trigger}/deliveries`)).body.items.length;
  const runs = async () =>
    (await api(app, owner, 'GET', `/api/runs?workspace_id=${ids.workspace}`)).body.items.length;
  const endpoint = async () => (await api(app, owner, 'GET', `/api/webhook-endpoints/${ids.endpoint}`)).body;

  before(async () => {
    app = await startTestApp();
    [owner, member, outsider] = [await signUp(app), await signUp(app), await signUp(app)];
    ids.workspace = (await api(app, owner, 'POST', '/api/workspaces', { name: 'Hooks' })).body.id;
    const joiner = { principal: await principalOf(app, member), login: member.username };
    await joinWorkspace(app.container.cradle, await principalOf(app, owner), ids.workspace, joiner, 'member');
    ids.mission = (
      await api(app, owner, 'POST', '/api/missions', { workspace_id: ids.workspace, name: 'm' })
    ).body.id;
    const trigger = (await api(app, owner, 'POST', '/api/triggers', { mission_id: ids.mission, name: 't' }))
      .body;
    ids.trigger = trigger.id;
    const delivered = await deliver(app, trigger.webhook_path, '{"a":1}', trigger.signing_secret);
    ids.delivery = ((await delivered.json()) as { delivery_id: string }).delivery_id;
    ids.endpoint = (
      await api(app, owner, 'POST', `/api/workspaces/${ids.workspace}/webhook-endpoints`, {
        url: 'https://hooks.example.com/in',
        event_types: ['run.cancelled'],
      })
    ).body.id;
    const run = await api(app, owner, 'POST', `/api/missions/${ids.mission}/runs`, {});
    await api(app, owner, 'POST', `/api/runs/${run.body.id}/cancel`);
    ids.message = (
      await api(app, owner, 'GET', `/api/webhook-endpoints/${ids.endpoint}/messages`)
    ).body.items[0].id;
    browsers = await signedInClients(app, { owner, member, outsider });
  });

  after(async () => app?.close());

  it('shows each page to members (without the actions they may not take), 404 to outsiders', async () => {
    const pages = [
      [`/console/triggers/${ids.trigger}`, 'Send a signed test delivery</button>'],
      [`/console/deliveries/${ids.delivery}`, 'Replay</button>'],
      [`/console/w/${ids.workspace}/webhooks`, 'Create endpoint</button>'],
      [`/console/webhook-endpoints/${ids.endpoint}`, `/console/webhook-messages/${ids.message}/resend`],
    ] as const;
    for (const [path, action] of pages) {
      expect((await browsers.anonymous.get(path)).headers.get('location'), path).to.equal('/login');
      const own = await browsers.owner.get(path);
      expect(own.status, path).to.equal(200);
      expect(own.headers.get('content-security-policy'), path).to.include("default-src 'none'");
      expect(await own.text(), `the owner's action on ${path}`).to.include(action);
      const seen = await browsers.member.get(path);
      expect(seen.status, path).to.equal(200);
      expect(await seen.text(), `no action for a member on ${path}`).not.to.include(action);
      expect((await browsers.outsider.get(path)).status, path).to.equal(404);
    }
    expect((await browsers.owner.get('/console/deliveries/not-a-delivery')).status).to.equal(404);
    expect((await browsers.owner.get('/console/webhook-endpoints/nope')).status).to.equal(404);
  });

  const forms = () =>
    [
      [`/console/deliveries/${ids.delivery}/replay`, {}],
      [`/console/triggers/${ids.trigger}/test-delivery`, {}],
      [`/console/w/${ids.workspace}/webhooks`, { url: 'https://x.example/h', event_run_failed: 'on' }],
      [`/console/webhook-endpoints/${ids.endpoint}/disable`, {}],
      [`/console/webhook-endpoints/${ids.endpoint}/rotate`, {}],
      [`/console/webhook-endpoints/${ids.endpoint}/delete`, { confirm: 'https://hooks.example.com/in' }],
      [`/console/webhook-messages/${ids.message}/resend`, {}],
    ] as const;

  it('refuses every form without the CSRF token, from another site, from a member (403) and an outsider (404)', async () => {
    const before = { deliveries: await deliveries(), runs: await runs(), endpoint: await endpoint() };
    const tokens = { owner: await browsers.owner.csrfToken(), member: await browsers.member.csrfToken() };
    const outsiderToken = await browsers.outsider.csrfToken();
    for (const [path, fields] of forms()) {
      expect((await browsers.owner.post(path, fields)).status, `no token: ${path}`).to.equal(403);
      const foreign = await browsers.owner.post(
        path,
        { ...fields, _csrf: tokens.owner },
        { origin: 'https://evil.example' },
      );
      expect(foreign.status, `foreign: ${path}`).to.equal(403);
      expect((await browsers.member.post(path, { ...fields, _csrf: tokens.member })).status, path).to.equal(
        403,
      );
      expect((await browsers.outsider.post(path, { ...fields, _csrf: outsiderToken })).status, path).to.equal(
        404,
      );
      expect((await browsers.owner.get(path)).status, `GET ${path}`).to.be.oneOf([200, 404, 405]);
    }
    expect(await deliveries(), 'no test delivery').to.equal(before.deliveries);
    expect(await runs(), 'nothing replayed').to.equal(before.runs);
    const after = await endpoint();
    expect([after.enabled, after.updated_at], 'the endpoint untouched').to.deep.equal([
      before.endpoint.enabled,
      before.endpoint.updated_at,
    ]);
    const listed = await api(app, owner, 'GET', `/api/workspaces/${ids.workspace}/webhook-endpoints`);
    expect(listed.body.items, 'no endpoint created').to.have.length(1);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const token = await browsers.owner.csrfToken();
    const none = await browsers.owner.post(`/console/w/${ids.workspace}/webhooks`, {
      _csrf: token,
      url: 'https://x.example/h',
    });
    expect(none.status).to.equal(400);
    expect(await none.text()).to.include('Tick at least one event type.');
    const wrong = await browsers.owner.post(`/console/webhook-endpoints/${ids.endpoint}/delete`, {
      _csrf: token,
      confirm: 'https://hooks.example.com/other',
    });
    expect(wrong.status).to.equal(400);
    expect(await wrong.text()).to.include('Type the endpoint URL exactly to confirm the deletion.');
    expect((await api(app, owner, 'GET', `/api/webhook-endpoints/${ids.endpoint}`)).status).to.equal(200);
    const listed = await api(app, owner, 'GET', `/api/workspaces/${ids.workspace}/webhook-endpoints`);
    expect(listed.body.items).to.have.length(1);
    const before = await deliveries();
    await api(app, owner, 'PATCH', `/api/triggers/${ids.trigger}`, { enabled: false });
    const disabled = await browsers.owner.post(`/console/triggers/${ids.trigger}/test-delivery`, {
      _csrf: token,
    });
    expect(disabled.status).to.equal(409);
    expect(await disabled.text()).to.include('The trigger is disabled: enable it to send a test delivery.');
    await api(app, owner, 'PATCH', `/api/triggers/${ids.trigger}`, { enabled: true });
    expect(await deliveries(), 'nothing sent').to.equal(before);
  });
});
