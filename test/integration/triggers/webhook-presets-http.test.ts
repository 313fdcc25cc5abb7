import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { api } from '../../support/api.ts';
import { suiteApp, suiteWebhookOwner } from '../../support/http-suite.ts';
import { json } from '../../support/json.ts';
import { createTrigger } from '../../support/webhook-fixture.ts';

const nowS = () => Math.floor(Date.now() / 1000);
const mac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text);

/** Headers each provider sends, signed as its documentation says. */
const SIGNERS: Record<string, (body: string, secret: string, id: string) => Record<string, string>> = {
  github: (body, secret, id) => ({
    'x-hub-signature-256': `sha256=${mac(secret, body).digest('hex')}`,
    'x-github-delivery': id,
    'x-github-event': 'push',
  }),
  stripe: (body, secret) => ({
    'stripe-signature': `t=${nowS()},v1=${mac(secret, `${nowS()}.${body}`).digest('hex')}`,
  }),
  slack: (body, secret) => ({
    'x-slack-request-timestamp': String(nowS()),
    'x-slack-signature': `v0=${mac(secret, `v0:${nowS()}:${body}`).digest('hex')}`,
  }),
  'standard-webhooks': (body, secret, id) => ({
    'webhook-id': id,
    'webhook-timestamp': String(nowS()),
    'webhook-signature': new Webhook(secret).sign(id, new Date(), body),
  }),
  shopify: (body, secret, id) => ({
    'x-shopify-hmac-sha256': mac(secret, body).digest('base64'),
    'x-shopify-webhook-id': id,
  }),
};
const SUPPLIED: Record<string, string | undefined> = {
  github: "It's a Secret to Everybody",
  stripe: 'whsec_stripe_generated_this_one',
  slack: '8f742231b10e8888abcd99yyyzzz85a5',
  'standard-webhooks': undefined, // the server generates it
  shopify: 'shpss_0123456789abcdef',
};

describe('webhook ingest with provider signature schemes over HTTP', () => {
  const app = suiteApp();
  const owner = suiteWebhookOwner(app);

  const post = (path: string, body: string, headers: Record<string, string>) =>
    app.request(`/api/triggers/webhook/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  for (const [scheme, sign] of Object.entries(SIGNERS)) {
    describe(scheme, () => {
      let path: string;
      let secret: string;
      before(async () => {
        const supplied = SUPPLIED[scheme];
        const trigger = await createTrigger(app, owner, {
          signature_scheme: scheme,
          ...(supplied === undefined ? {} : { signing_secret: supplied }),
        });
        expect(trigger.signature_scheme).to.equal(scheme);
        path = trigger.webhook_path;
        secret = trigger.signing_secret;
        if (supplied !== undefined) expect(secret).to.equal(supplied);
      });

      it('accepts a signed delivery with 202 after commit, logs it under the scheme, and runs the mission', async () => {
        const body = JSON.stringify({ scheme, n: 1 });
        const response = await post(path, body, sign(body, secret, `id-${scheme}-1`));
        expect(response.status, await response.clone().text()).to.equal(202);
        const receipt = await json(response);
        const delivery = await api(app, owner.user, 'GET', `/api/deliveries/${receipt.delivery_id}`);
        expect(delivery.body).to.include({ status: 'accepted', signature_scheme: scheme });
        expect(JSON.stringify(delivery.body.request_headers)).not.to.match(/signature|hmac/i);
        const run = await api(app, owner.user, 'GET', `/api/runs/${receipt.run_id}`);
        expect(run.body.input.body).to.deep.equal({ scheme, n: 1 });
      });

      it('answers in the order of section 4: 404 for an unknown path even when signed, 401 missing, 401 wrong', async () => {
        const body = '{"a":1}';
        expect((await post('no-such-trigger-path', body, sign(body, secret, 'x'))).status).to.equal(404);
        const missing = await post(path, body, {});
        expect(missing.status).to.equal(401);
        const problem = await json(missing);
        expect(problem.code).to.equal('missing_signature');
        const wrong = await post(path, body, sign(body, 'whsec_QUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFB', 'y'));
        expect((await json(wrong)).code).to.equal('invalid_signature');
        const tampered = await post(path, '{"a": 1}', sign(body, secret, 'z'));
        expect(tampered.status).to.equal(401);
      });

      if (scheme === 'github' || scheme === 'standard-webhooks' || scheme === 'shopify') {
        it(`takes the scheme's delivery id as the idempotency key: a repeat answers 200 duplicate`, async () => {
          const body = '{"repeat":true}';
          const first = await json(await post(path, body, sign(body, secret, `delivery-${scheme}`)));
          const again = await post(path, body, sign(body, secret, `delivery-${scheme}`));
          expect(again.status).to.equal(200);
          expect(await json(again)).to.deep.equal({ ...first, status: 'duplicate' });
          // The key is the sender's id, not the body: the same bytes under another id are another delivery.
          const other = await post(path, body, sign(body, secret, `delivery-${scheme}-2`));
          expect(other.status).to.equal(202);
          expect((await json(other)).delivery_id).to.not.equal(first.delivery_id);
          const log = await api(app, owner.user, 'GET', `/api/deliveries/${first.delivery_id}`);
          expect(log.body.idempotency_key).to.equal(`delivery-${scheme}`);
        });
      }
    });
  }

  it('generates a standard-webhooks secret as whsec_ and the standard base64 of 32 bytes', async () => {
    const trigger = await createTrigger(app, owner, { signature_scheme: 'standard-webhooks' });
    expect(trigger.signing_secret).to.match(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(trigger.signing_secret.slice(6), 'base64')).to.have.lengthOf(32);
  });

  it('rotates to a supplied secret (the old one verifying during the grace) and refuses malformed secrets', async () => {
    const trigger = await createTrigger(app, owner, {
      signature_scheme: 'github',
      signing_secret: 'first secret, long enough',
    });
    const rotated = await api(app, owner.user, 'POST', `/api/triggers/${trigger.id}/rotate-secret`, {
      signing_secret: 'second secret, long enough',
    });
    expect(rotated.status).to.equal(200);
    expect(rotated.body.signing_secret).to.equal('second secret, long enough');
    for (const secret of ['first secret, long enough', 'second secret, long enough']) {
      const body = `{"secret":"${secret}"}`;
      expect(
        (await post(trigger.webhook_path, body, SIGNERS.github?.(body, secret, secret) ?? {})).status,
      ).to.equal(202);
    }
    const bad = [
      { signature_scheme: 'github', signing_secret: 'short' },
      { signature_scheme: 'github', signing_secret: 'fifteen chars!!' },
      { signature_scheme: 'github', signing_secret: 'x'.repeat(40) },
      { signature_scheme: 'standard-webhooks', signing_secret: 'whsec_not-base64!' },
      { signature_scheme: 'github', require_timestamp: true },
      { signature_scheme: 'bitbucket' },
    ];
    for (const extra of bad) {
      const refused = await api(app, owner.user, 'POST', '/api/triggers', {
        mission_id: owner.missionId,
        name: 'bad',
        ...extra,
      });
      expect(refused.status, JSON.stringify(extra)).to.equal(400);
      expect(JSON.stringify(refused.body)).not.to.include('whsec_not-base64');
    }
  });
});
