import { expect } from 'chai';
import { api } from '../../support/api.ts';
import {
  type ConsoleVisitors,
  consoleVisitors,
  expectForgedFormsRefused,
} from '../../support/console-visitors.ts';
import { type SignedUp, startTestApp, type TestApp } from '../../support/test-app.ts';

/**
 * The console's pages and forms for every kind of visitor, over plain HTTP: signed out (to the sign-in form),
 * outsider (404, as the API), member (what the API lets a member do), forged or foreign forms (403, nothing
 * changed), and a state-changing form answered only to a POST.
 */
describe('console pages: who may see and post what (HTTP, PostgreSQL)', function () {
  this.timeout(60_000);
  let app: TestApp;
  let owner: SignedUp;
  const ids = {} as Record<'workspace' | 'mission' | 'run' | 'trigger' | 'schedule' | 'blueprint', string>;
  let browsers: ConsoleVisitors['browsers'];

  before(async () => {
    app = await startTestApp();
    ({ owner, browsers, workspaceId: ids.workspace } = await consoleVisitors(app, 'Access'));
    ids.mission = (
      await api(app, owner, 'POST', '/api/missions', { workspace_id: ids.workspace, name: 'm' })
    ).body.id;
    ids.run = (await api(app, owner, 'POST', `/api/missions/${ids.mission}/runs`, {})).body.id;
    ids.trigger = (
      await api(app, owner, 'POST', '/api/triggers', { mission_id: ids.mission, name: 't' })
    ).body.id;
    const schedule = { mission_id: ids.mission, name: 's', cron: '0 3 1 1 *' };
    ids.schedule = (await api(app, owner, 'POST', '/api/schedules', schedule)).body.id;
    const graph = { nodes: [{ id: 'gate', kind: 'condition' }], edges: [] };
    ids.blueprint = (
      await api(app, owner, 'POST', '/api/blueprints', { workspace_id: ids.workspace, name: 'b', graph })
    ).body.id;
  });

  after(async () => app?.close());

  const pages = () =>
    [
      ['/console', { owner: 200, member: 200, outsider: 200 }],
      [`/console/w/${ids.workspace}`, { owner: 200, member: 200, outsider: 404 }],
      [`/console/w/${ids.workspace}/keys`, { owner: 200, member: 403, outsider: 404 }],
      [`/console/w/${ids.workspace}/providers`, { owner: 200, member: 200, outsider: 404 }],
      [`/console/w/${ids.workspace}/runs`, { owner: 200, member: 200, outsider: 404 }],
      [`/console/w/${ids.workspace}/missions`, { owner: 200, member: 200, outsider: 404 }],
      [`/console/w/${ids.workspace}/blueprints`, { owner: 200, member: 200, outsider: 404 }],
      [`/console/w/${ids.workspace}/approvals`, { owner: 200, member: 200, outsider: 404 }],
      [`/console/missions/${ids.mission}`, { owner: 200, member: 200, outsider: 404 }],
      [`/console/blueprints/${ids.blueprint}`, { owner: 200, member: 200, outsider: 404 }],
      [`/console/blueprints/${ids.blueprint}?version=1`, { owner: 200, member: 200, outsider: 404 }],
    ] as const;

  it('shows each page to those the API lets read it, 404 to outsiders, the sign-in form to strangers', async () => {
    for (const [path, expected] of pages()) {
      expect((await browsers.anonymous.get(path)).headers.get('location'), path).to.equal('/login');
      for (const who of ['owner', 'member', 'outsider'] as const) {
        const response = await browsers[who].get(path);
        expect(response.status, `${who} ${path}`).to.equal(expected[who]);
        expect(response.headers.get('content-security-policy'), path).to.include("default-src 'none'");
        expect(response.headers.get('cache-control'), path).to.equal('no-store');
      }
    }
    expect((await browsers.owner.get('/console/runs/not-a-run')).status).to.equal(404);
    await api(app, owner, 'POST', `/api/runs/${ids.run}/cancel`);
    const finished = await browsers.member.get(`/console/runs/${ids.run}`);
    expect(finished.status).to.equal(200);
    expect(finished.headers.get('refresh'), 'a finished run is not reloaded').to.equal(null);
    const page = await finished.text();
    expect(page.match(/<!doctype html>/g), 'one document, streamed whole').to.have.length(1);
    expect(page).to.match(/<\/tbody><\/table><\/section>\s*<\/main>\s*<\/body>\s*<\/html>\s*$/);
    expect(page).to.include('<td>cancelled</td>').and.not.include('&lt;!--');
    expect((await browsers.outsider.get(`/console/runs/${ids.run}`)).status).to.equal(404);
  });

  it('refuses every form without the CSRF token, from another site, or from a member where the API does', async () => {
    const forms = [
      ['/console/workspaces', { name: 'x' }],
      [`/console/w/${ids.workspace}/invitations`, { username_or_email: 'x@example.com', role: 'member' }],
      [`/console/w/${ids.workspace}/keys`, { name: 'k', role: 'member' }],
      [`/console/w/${ids.workspace}/providers`, { name: 'p', kind: 'openai', api_key: 'sk-x' }],
      [`/console/w/${ids.workspace}/runs/bulk`, { action: 'cancel', [`run_${ids.run}`]: 'on' }],
      [`/console/w/${ids.workspace}/missions`, { name: 'x' }],
      [`/console/runs/${ids.run}/replay`, {}],
      [`/console/missions/${ids.mission}/policy`, { max_attempts: '2' }],
      [`/console/missions/${ids.mission}/triggers`, { trigger_name: 'x', signature_scheme: 'platform' }],
      [`/console/triggers/${ids.trigger}/disable`, {}],
      [`/console/triggers/${ids.trigger}/rotate`, {}],
      [`/console/missions/${ids.mission}/schedules`, { schedule_name: 'x', cron: '0 3 1 1 *' }],
      [`/console/schedules/${ids.schedule}/disable`, {}],
    ] as const;
    await expectForgedFormsRefused(browsers.owner, forms);
    for (const [path] of forms) {
      if (/(replay|disable|rotate|bulk)$/.test(path)) {
        expect((await browsers.owner.get(path)).status, `GET ${path}`).to.be.oneOf([404, 405]);
      }
    }
    const memberToken = await browsers.member.csrfToken();
    const replay = await browsers.member.post(`/console/runs/${ids.run}/replay`, { _csrf: memberToken });
    expect(replay.status).to.equal(403);
    const bulk = await browsers.member.post(`/console/w/${ids.workspace}/runs/bulk`, {
      _csrf: memberToken,
      action: 'replay-all',
    });
    expect(bulk.status, 'a member may not replay by filter').to.equal(403);
    const runs = await api(app, owner, 'GET', `/api/runs?workspace_id=${ids.workspace}`);
    expect(runs.body.items, 'nothing replayed').to.have.length(1);
    expect((await api(app, owner, 'GET', `/api/triggers/${ids.trigger}`)).body.enabled).to.equal(true);
  });
});
