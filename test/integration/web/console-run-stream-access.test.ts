import { expect } from 'chai';
import { api, principalOf } from '../../support/api.ts';
import { FormClient } from '../../support/form-client.ts';
import { suiteApp, suiteUser } from '../../support/http-suite.ts';
import { joinWorkspace } from '../../support/members.ts';
import { signUp } from '../../support/test-app.ts';

/** Reads a streamed page until `done` says so (or the stream ends); the text read so far. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, done: (text: string) => boolean) {
  const decoder = new TextDecoder();
  let text = '';
  while (!done(text)) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  return text;
}

/**
 * A live run page streams its events until the run ends (minutes): it must not outlive its viewer's access.
 * Without the re-check, both streams below stayed open (and the test ran into its time limit).
 */
describe('the console run page stream ends when its viewer loses access (HTTP, PostgreSQL)', function () {
  this.timeout(60_000);
  const app = suiteApp();
  const owner = suiteUser(app);

  it('ends the page of a member removed from the workspace, and of a session signed out elsewhere', async () => {
    const workspace = (await api(app, owner, 'POST', '/api/workspaces', { name: 'Streams' })).body.id;
    const mission = (await api(app, owner, 'POST', '/api/missions', { workspace_id: workspace, name: 'm' }))
      .body.id;
    const runId = (await api(app, owner, 'POST', `/api/missions/${mission}/runs`, {})).body.id;
    const claim = { workspace_id: workspace, mission_ids: [mission] };
    expect((await api(app, owner, 'POST', '/api/runs/claim', claim)).body.id).to.equal(runId);
    const [removed, signedOut] = [await signUp(app), await signUp(app)];
    const viewers = [];
    for (const user of [removed, signedOut]) {
      const joiner = { principal: await principalOf(app, user), login: user.username };
      await joinWorkspace(app.container.cradle, await principalOf(app, owner), workspace, joiner, 'member');
      const browser = new FormClient(app);
      expect((await browser.signIn(user.username, user.password)).status).to.equal(303);
      viewers.push(browser);
    }
    const tokens = await Promise.all(viewers.map((browser) => browser.csrfToken()));
    const pages = await Promise.all(viewers.map((browser) => browser.get(`/console/runs/${runId}`)));
    const readers = pages.map((page) => {
      expect(page.status).to.equal(200);
      return (page.body as ReadableStream<Uint8Array>).getReader();
    });
    const heads = await Promise.all(readers.map((reader) => readUntil(reader, (t) => t.includes('<tbody>'))));
    for (const head of heads) expect(head).to.include('Live: new events appear below');

    expect(
      (await api(app, owner, 'DELETE', `/api/workspaces/${workspace}/members/${removed.userId}`)).status,
    ).to.equal(204);
    const signOut = await viewers[1]!.post('/logout', { _csrf: tokens[1]! });
    expect(signOut.status).to.equal(303);
    await api(app, owner, 'POST', `/api/runs/${runId}/events`, {
      events: [{ type: 'log', message: 'secret' }],
    });

    const tails = await Promise.all(readers.map((reader) => readUntil(reader, () => false)));
    for (const tail of tails) {
      expect(tail)
        .to.include('The live view ended')
        .and.match(/<\/html>\s*$/);
      expect(tail, 'no event after access ended').not.to.include('secret');
    }
    expect((await api(app, owner, 'GET', `/api/runs/${runId}`)).body.status, 'still live').to.equal(
      'running',
    );
  });
});
