import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { json } from '../../support/json.ts';
import { TcpProxy } from '../../support/tcp-proxy.ts';
import { startAppAgainst, startTestApp, type TestApp } from '../../support/test-app.ts';
import { testDatabase } from '../../support/test-database.ts';
import {
  createTrigger,
  deliver,
  ownerWithMission,
  type WebhookOwner,
} from '../../support/webhook-fixture.ts';

describe('webhook ingest when the database is unreachable', () => {
  let app: TestApp;
  let owner: WebhookOwner;
  let trigger: { id: string; webhook_path: string; signing_secret: string };

  before(async () => {
    app = await startTestApp();
    owner = await ownerWithMission(app);
    trigger = await createTrigger(app, owner);
  });
  after(() => app?.close());

  const via = (baseUrl: string) => ({
    ...app,
    request: (p: string, init?: RequestInit) => fetch(`${baseUrl}${p}`, init),
  });

  it('answers 503 with Retry-After, never a 2xx, and leaves nothing half-stored', async function () {
    this.timeout(20000);
    const proxy = new TcpProxy();
    // The real app reaching PostgreSQL (ORM and rate-limit store) only through the proxy.
    const proxied = await startAppAgainst(await proxy.start((await testDatabase()).url));
    try {
      const target = via(proxied.baseUrl);
      const ok = await deliver(target, trigger.webhook_path, 'up', trigger.signing_secret);
      expect(ok.status, await ok.clone().text()).to.equal(202);

      // The connection drops in the middle of the transaction, after the delivery row was sent.
      proxy.cutOn = 'insert into runs';
      const cut = await deliver(target, trigger.webhook_path, 'mid', trigger.signing_secret, {
        'idempotency-key': 'cut-1',
      });
      expect(cut.status).to.equal(503);
      expect(cut.headers.get('retry-after')).to.match(/^\d+$/);
      expect((await json(cut)).code).to.equal('service_unavailable');

      // A cut connection does not leak out of the pool: more deliveries than pooled connections go through.
      proxy.cutOn = undefined;
      for (let i = 0; i < 6; i++) {
        expect(
          (await deliver(target, trigger.webhook_path, `after-${i}`, trigger.signing_secret)).status,
        ).to.equal(202);
      }
      await proxy.down();
      for (const body of ['down-1', 'down-2']) {
        const down = await deliver(target, trigger.webhook_path, body, trigger.signing_secret);
        expect(down.status).to.equal(503);
        expect(Number(down.headers.get('retry-after'))).to.be.greaterThan(0);
      }
    } finally {
      await proxied.close();
    }

    // Nothing of the cut delivery was committed: the same key is accepted afresh, not a duplicate.
    const retried = await deliver(app, trigger.webhook_path, 'mid', trigger.signing_secret, {
      'idempotency-key': 'cut-1',
    });
    expect(retried.status).to.equal(202);
    const log = await api(app, owner.user, 'GET', `/api/triggers/${trigger.id}/deliveries?status=accepted`);
    expect(
      log.body.items.filter((d: { idempotency_key: string }) => d.idempotency_key === 'cut-1'),
    ).to.have.lengthOf(1);
  });
});
