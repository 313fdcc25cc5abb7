import { expect } from 'chai';
import { api } from '../../support/api.ts';
import {
  type ConsoleVisitors,
  consoleVisitors,
  expectForgedFormsRefused,
} from '../../support/console-visitors.ts';
import type { FormClient } from '../../support/form-client.ts';
import { type SignedUp, startTestApp, type TestApp } from '../../support/test-app.ts';

/**
 * The console's files and knowledge pages for every kind of visitor, over plain HTTP: signed out (to the
 * sign-in form), outsider (404, as the API), member (reads, makes links; 403 on what only admins do, nothing
 * changed), and forms without the CSRF token or from another site (403).
 */
describe('console files and knowledge pages: who may see and post what (HTTP, PostgreSQL)', function () {
  this.timeout(60_000);
  let app: TestApp;
  let owner: SignedUp;
  const ids = {} as Record<'workspace' | 'file' | 'base' | 'document', string>;
  let browsers: ConsoleVisitors['browsers'];

  before(async () => {
    app = await startTestApp();
    ({ owner, browsers, workspaceId: ids.workspace } = await consoleVisitors(app, 'Files access'));
    ids.file = (await upload(owner.accessToken)).id;
    const base = { workspace_id: ids.workspace, name: 'kb' };
    ids.base = (await api(app, owner, 'POST', '/api/knowledge-bases', base)).body.id;
    const text = { title: 'doc', text: 'some words' };
    ids.document = (
      await api(app, owner, 'POST', `/api/knowledge-bases/${ids.base}/documents`, text)
    ).body.id;
  });

  after(async () => app?.close());

  async function upload(token: string) {
    const response = await app.request(`/api/files?workspace_id=${ids.workspace}&name=a.txt`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      body: 'hello',
    });
    return (await response.json()) as { id: string };
  }

  /** The console's upload form as a browser posts it (multipart, the CSRF token first). */
  const postUpload = (who: FormClient, csrf: string | undefined, origin = app.baseUrl) => {
    const form = new FormData();
    if (csrf !== undefined) form.set('_csrf', csrf);
    form.set('file', new Blob(['new bytes'], { type: 'text/plain' }), 'new.txt');
    return app.request(`/console/w/${ids.workspace}/files`, {
      method: 'POST',
      headers: { cookie: who.cookieHeader(), origin },
      body: form,
      redirect: 'manual',
    });
  };

  const fileCount = async () =>
    (await api(app, owner, 'GET', `/api/files?workspace_id=${ids.workspace}`)).body.items.length;

  it('shows each page to members, 404 to outsiders, the sign-in form to strangers; downloads as the API', async () => {
    const pages = [
      `/console/w/${ids.workspace}/files`,
      `/console/files/${ids.file}`,
      `/console/w/${ids.workspace}/knowledge`,
      `/console/knowledge/${ids.base}`,
      `/console/knowledge/${ids.base}?q=words&mode=keyword`,
    ];
    for (const path of pages) {
      expect((await browsers.anonymous.get(path)).headers.get('location'), path).to.equal('/login');
      for (const who of ['owner', 'member'] as const) {
        const response = await browsers[who].get(path);
        expect(response.status, `${who} ${path}`).to.equal(200);
        expect(response.headers.get('content-security-policy'), path).to.include("default-src 'none'");
      }
      expect((await browsers.outsider.get(path)).status, `outsider ${path}`).to.equal(404);
    }
    const memberPage = await (await browsers.member.get(`/console/files/${ids.file}`)).text();
    expect(memberPage, 'no delete form for a member').not.to.include('/delete"');
    expect(await (await browsers.member.get(`/console/w/${ids.workspace}/files`)).text()).not.to.include(
      'multipart/form-data',
    );
    expect((await browsers.owner.get('/console/files/not-a-file')).status).to.equal(404);

    const download = await browsers.member.get(`/console/files/${ids.file}/download`);
    expect(download.status).to.equal(200);
    expect(await download.text()).to.equal('hello');
    expect(download.headers.get('content-disposition')).to.match(/^attachment; filename="a.txt"/);
    expect(download.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(download.headers.get('content-security-policy')).to.equal('sandbox');
    expect((await browsers.outsider.get(`/console/files/${ids.file}/download`)).status).to.equal(404);
  });

  it('refuses every form without the CSRF token or from another site, and a member where the API does', async () => {
    const forms = [
      [`/console/files/${ids.file}/links`, { expires_in_seconds: '3600' }],
      [`/console/files/${ids.file}/delete`, { confirm: 'yes' }],
      [`/console/w/${ids.workspace}/knowledge`, { name: 'x', language: 'english' }],
      [`/console/knowledge/${ids.base}/documents`, { source: 'text', title: 't', text: 'x' }],
      [`/console/documents/${ids.document}/delete`, {}],
    ] as const;
    await expectForgedFormsRefused(browsers.owner, forms);
    const token = await browsers.owner.csrfToken();
    expect((await postUpload(browsers.owner, undefined)).status, 'upload without a token').to.equal(403);
    expect((await postUpload(browsers.owner, token, 'https://evil.example')).status).to.equal(403);
    expect((await postUpload(browsers.outsider, await browsers.outsider.csrfToken())).status).to.equal(404);

    const memberToken = await browsers.member.csrfToken();
    expect((await postUpload(browsers.member, memberToken)).status, 'member upload').to.equal(403);
    for (const [path, fields] of forms.slice(1)) {
      const refused = await browsers.member.post(path, { ...fields, _csrf: memberToken });
      expect(refused.status, `member ${path}`).to.equal(403);
    }
    const link = await browsers.member.post(`/console/files/${ids.file}/links`, {
      expires_in_seconds: '3600',
      _csrf: memberToken,
    });
    expect(link.status, 'a member may hand out a link, as in the API').to.equal(200);
    const url = /<code id="link-url">([^<]+)<\/code>/.exec(await link.text())?.[1] as string;
    expect(await (await fetch(url)).text()).to.equal('hello');

    expect(await fileCount(), 'nothing uploaded or deleted').to.equal(1);
    const bases = await api(app, owner, 'GET', `/api/knowledge-bases?workspace_id=${ids.workspace}`);
    expect(bases.body.items, 'no base created').to.have.length(1);
    const documents = await api(app, owner, 'GET', `/api/knowledge-bases/${ids.base}/documents`);
    expect(documents.body.items.map((d: { id: string }) => d.id)).to.deep.equal([ids.document]);

    const uploaded = await postUpload(browsers.owner, token);
    expect(uploaded.status).to.equal(303);
    expect(uploaded.headers.get('location')).to.match(/^\/console\/files\/[0-9a-f-]{36}\?notice=uploaded$/);
    expect(await fileCount()).to.equal(2);
  });
});
