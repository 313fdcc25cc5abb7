import { expect } from 'chai';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '../../../src/adapters/identity/jose-access-token-service.ts';
import { value } from '../../../src/composition/registration.ts';
import { api } from '../../support/api.ts';
import { SseClient } from '../../support/sse-client.ts';
import { signUp, startTestApp, type TestApp } from '../../support/test-app.ts';

/** Tokens this app issues expire this long after they are issued, in real time. */
const LEFT_MS = 2500;

describe("a run event stream opened with an access token ends at the token's exp", () => {
  let app: TestApp;
  before(async () => {
    // The app's clock runs behind the real one by all but LEFT_MS of a token's lifetime: the tokens it issues
    // (and verifies, on its clock) carry an `exp` LEFT_MS after the real time of their issue.
    const behindMs = ACCESS_TOKEN_LIFETIME_SECONDS * 1000 - LEFT_MS;
    app = await startTestApp(
      {},
      { overrides: { clock: value({ now: () => new Date(Date.now() - behindMs) }) } },
    );
  });
  after(async () => app?.close());

  it('stays open until then and closes at it, without an end frame (the lifetime cap is an hour away)', async function () {
    this.timeout(20_000);
    const owner = await signUp(app);
    const issuedAt = Date.now();
    const workspaceId = (await api(app, owner, 'POST', '/api/workspaces', { name: 'Expiry' })).body.id;
    const mission = await api(app, owner, 'POST', '/api/missions', { workspace_id: workspaceId, name: 'm' });
    const run = await api(app, owner, 'POST', `/api/missions/${mission.body.id}/runs`, { input: {} });
    expect(run.status).to.equal(202);

    const stream = await SseClient.open(`${app.baseUrl}/api/runs/${run.body.id}/events/stream`, owner.auth);
    expect(stream.status).to.equal(200);
    const frames = await stream.waitForClose(LEFT_MS + 5000);
    const closedAfterMs = Date.now() - issuedAt;
    expect(closedAfterMs).to.be.within(LEFT_MS - 1000, LEFT_MS + 3000);
    expect(frames.map((f) => f.event)).to.not.include('end');
  });
});
