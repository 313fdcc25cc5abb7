import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { SIGNATURE_TOLERANCE_SECONDS } from '../../../src/domain/triggers/signature-policy.ts';
import { api } from '../../support/api.ts';
import { suiteApp, suiteWebhookOwner } from '../../support/http-suite.ts';
import { json } from '../../support/json.ts';
import { startTestApp } from '../../support/test-app.ts';
import { testDatabase } from '../../support/test-database.ts';
import {
  createTrigger,
  deliver,
  hmacHex,
  ownerWithMission,
  rawRequest,
} from '../../support/webhook-fixture.ts';

const nowS = () => Math.floor(Date.now() / 1000);

describe('webhook ingest over HTTP (POST /api/triggers/webhook/{webhook_path})', () => {
  const app = suiteApp();
  const owner = suiteWebhookOwner(app);
  let path: string;
  let secret: string;
  before(async () => ({ webhook_path: path, signing_secret: secret } = await createTrigger(app, owner)));

  const runOf = async (runId: string) => {
    const run = await api(app, owner.user, 'GET', `/api/runs/${runId}`);
    expect(run.status, JSON.stringify(run.body)).to.equal(200);
    return run.body;
  };
  const rawBodyOf = async (deliveryId: string) => {
    const found = await api(app, owner.user, 'GET', `/api/deliveries/${deliveryId}`);
    return Buffer.from(found.body.raw_body_base64 ?? '', 'base64');
  };

  describe('exact bytes', () => {
    const bodies: [string, Buffer, string | null, unknown][] = [
      ['pretty-printed JSON', Buffer.from('{\n  "b" : 2 ,\n\t"a":1 }\n'), 'application/json', { b: 2, a: 1 }],
      ['keys out of order', Buffer.from('{"z":1,"a":2,"m":3}'), 'application/json', { z: 1, a: 2, m: 3 }],
      ['CRLF line ends', Buffer.from('{"a":\r\n1}\r\n'), 'application/json', { a: 1 }],
      ['emoji and accents', Buffer.from('{"msg":"déployé 🚀"}'), 'application/json', { msg: 'déployé 🚀' }],
      ['a byte order mark', Buffer.from('\uFEFF{"a":1}'), 'application/json', { a: 1 }],
      ['invalid UTF-8', Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), 'application/json', 'e//+fQ=='],
      ['an empty body', Buffer.alloc(0), 'application/json', ''],
      ['plain text', Buffer.from('hello\r\nworld'), 'text/plain', 'hello\r\nworld'],
      ['a form body, not parsed', Buffer.from('a=1&b=%20'), 'application/x-www-form-urlencoded', 'a=1&b=%20'],
      ['binary octets', Buffer.from([0, 1, 2, 255]), 'application/octet-stream', 'AAEC/w=='],
      ['no content type at all', Buffer.from('{"a":1}'), null, '{"a":1}'],
    ];
    for (const [name, bytes, type, shown] of bodies) {
      it(`accepts ${name}, stores the very bytes and shows the run {body, content_type, headers, query}`, async () => {
        const headers: Record<string, string> = type === null ? {} : { 'content-type': type };
        const response = await app.request(`/api/triggers/webhook/${path}?source=test&tag=a&tag=b`, {
          method: 'POST',
          headers: { ...headers, 'x-signature': `sha256=${hmacHex(bytes, secret)}`, 'x-event-type': 'push' },
          body: bytes,
        });
        const receipt = await json(response);
        expect(response.status, JSON.stringify(receipt)).to.equal(202);
        expect(receipt).to.have.keys(['delivery_id', 'run_id', 'status']);
        expect(receipt.status).to.equal('accepted');
        expect((await rawBodyOf(receipt.delivery_id)).equals(bytes)).to.equal(true);
        const run = await runOf(receipt.run_id);
        expect(run).to.deep.include({ status: 'queued', mission_id: owner.missionId });
        expect(run.trigger).to.deep.equal({
          type: 'webhook',
          trigger_id: run.trigger.trigger_id,
          delivery_id: receipt.delivery_id,
          schedule_id: null,
          fire_time: null,
          evaluation_id: null,
          item_id: null,
        });
        expect(run.input).to.have.keys(['body', 'content_type', 'headers', 'query']);
        expect(run.input.body).to.deep.equal(shown);
        expect(run.input.content_type).to.equal(type);
        expect(run.input.query).to.deep.equal({ source: 'test', tag: ['a', 'b'] });
        expect(run.input.headers).to.include({ 'x-event-type': 'push' });
        expect(run.input.headers).to.not.have.any.keys('x-signature', 'authorization', 'cookie');
      });
    }

    it('refuses a signature of the re-serialised JSON, and of the body with one byte changed', async () => {
      const sent = '{ "b": 1, "a": [1, 2] }';
      const reserialised = JSON.stringify(JSON.parse(sent));
      const a = await deliver(app, path, sent, undefined, { 'x-signature': hmacHex(reserialised, secret) });
      expect(a.status).to.equal(401);
      expect((await json(a)).code).to.equal('invalid_signature');
      const b = await deliver(app, path, sent.replace('1', '2'), undefined, {
        'x-signature': hmacHex(sent, secret),
      });
      expect(b.status).to.equal(401);
    });
  });

  describe('signature encodings', () => {
    const body = '{"event":"encoded"}';
    const mac = () => createHmac('sha256', secret).update(body).digest();
    // One reading of the clock per header: two could straddle a second and sign another t than the one sent.
    const timestamped = (t: number) =>
      `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
    const accepted: [string, () => string][] = [
      ['sha256=<hex>', () => `sha256=${mac().toString('hex')}`],
      ['bare upper-case hex', () => mac().toString('hex').toUpperCase()],
      ['base64', () => mac().toString('base64')],
      ['base64url', () => mac().toString('base64url')],
      ['a list with one valid entry', () => `sha256=${'0'.repeat(64)},${mac().toString('hex')}`],
      ['the timestamped form', () => timestamped(nowS())],
    ];
    for (const [name, header] of accepted) {
      it(`accepts ${name}`, async () => {
        const response = await deliver(app, path, body, undefined, { 'x-signature': header() });
        expect(response.status, await response.clone().text()).to.equal(202);
      });
    }

    const hex = () => mac().toString('hex');
    const refused: [string, () => string][] = [
      ['sha256= and nothing', () => 'sha256='],
      ['odd-length hex', () => `sha256=${hex().slice(1)}`],
      ['63 hex characters', () => hex().slice(0, 63)],
      ['65 hex characters', () => `${hex()}a`],
      ['non-hex characters', () => `sha256=${hex().slice(0, 63)}g`],
      ['a 12 KB header', () => `${hex()},${'x'.repeat(12 * 1024)}`],
      ['a wrong secret', () => hmacHex(body, `${secret}x`)],
      ['an HMAC-SHA1', () => createHmac('sha1', secret).update(body).digest('hex')],
      ['an HMAC-SHA512', () => `sha256=${createHmac('sha512', secret).update(body).digest('hex')}`],
      // A few seconds past the tolerance: the server reads its clock a little later than the test did (the
      // one-second boundaries are unit-tested with a fixed clock).
      ['a timestamp too old', () => timestamped(nowS() - SIGNATURE_TOLERANCE_SECONDS - 5)],
      ['a timestamp too far ahead', () => timestamped(nowS() + SIGNATURE_TOLERANCE_SECONDS + 5)],
    ];
    for (const [name, header] of refused) {
      it(`refuses ${name} with 401 invalid_signature and a Signature challenge`, async () => {
        const response = await deliver(app, path, body, undefined, { 'x-signature': header() });
        expect(response.status).to.equal(401);
        expect(response.headers.get('www-authenticate')).to.equal('Signature realm="webhooks"');
        expect(response.headers.get('content-type')).to.match(/^application\/problem\+json/);
        expect((await json(response)).code).to.equal('invalid_signature');
      });
    }

    it('accepts timestamps 10 s inside the tolerance, old and ahead', async () => {
      for (const t of [
        nowS() - SIGNATURE_TOLERANCE_SECONDS + 10,
        nowS() + SIGNATURE_TOLERANCE_SECONDS - 10,
      ]) {
        const signed = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
        const response = await deliver(app, path, body, undefined, { 'x-signature': `t=${t},v1=${signed}` });
        expect(response.status, String(t)).to.equal(202);
      }
    });

    it('answers a missing header with 401 missing_signature, naming the header', async () => {
      const response = await deliver(app, path, body, undefined);
      expect(response.status).to.equal(401);
      expect(await json(response)).to.include({
        code: 'missing_signature',
        detail: 'the X-Signature header is required',
      });
    });

    it('says how far a timestamp may be from the server clock', async () => {
      const response = await deliver(app, path, body, undefined, {
        'x-signature': timestamped(nowS() - 3600),
      });
      expect((await json(response)).detail).to.equal(
        `the signature timestamp t is more than ${SIGNATURE_TOLERANCE_SECONDS} s away from the server clock`,
      );
    });

    it('never answers 5xx to a 100 KB header: the HTTP layer refuses header blocks over 16 KiB with 431', async () => {
      const response = await deliver(app, path, body, undefined, { 'x-signature': 'a'.repeat(100 * 1024) });
      expect(response.status).to.be.oneOf([401, 431]);
    });

    it('reads the header whatever the case of its name', async () => {
      for (const name of ['X-SIGNATURE', 'x-signature', 'X-Signature', 'x-SiGnAtUrE']) {
        const answer = await rawRequest(
          app,
          `/api/triggers/webhook/${path}`,
          { [name]: `sha256=${hex()}`, 'Content-Type': 'application/json', 'Content-Length': body.length },
          (req) => req.end(body),
        );
        expect(answer.status, name).to.equal(202);
      }
    });

    it('ignores a bearer token, valid or not', async () => {
      for (const authorization of ['Bearer not-a-token', `Bearer ${owner.user.accessToken}`]) {
        const response = await deliver(app, path, body, secret, { authorization });
        expect(response.status).to.equal(202);
      }
    });
  });

  describe('size, encoding, method', () => {
    let small: { path: string; secret: string };
    before(async () => {
      const trigger = await createTrigger(app, owner, { max_body_bytes: 1024 });
      small = { path: trigger.webhook_path, secret: trigger.signing_secret };
    });

    it('accepts a body of exactly the limit', async () => {
      const response = await deliver(app, small.path, 'x'.repeat(1024), small.secret);
      expect(response.status).to.equal(202);
    });

    it('refuses a declared Content-Length over the limit with 413 before reading any of it', async () => {
      const answer = await rawRequest(
        app,
        `/api/triggers/webhook/${small.path}`,
        {
          'Content-Length': 50 * 1024 * 1024,
          'X-Signature': 'sha256=00',
          'Content-Type': 'application/json',
        },
        (req) => req.flushHeaders(), // the body is never sent
      );
      expect(answer.status).to.equal(413);
      expect(answer.headers.connection).to.equal('close');
      expect(JSON.parse(answer.body).code).to.equal('payload_too_large');
    });

    it('refuses a chunked body with 413 as soon as it streams past the limit', async () => {
      let sent = 0;
      const answer = await rawRequest(
        app,
        `/api/triggers/webhook/${small.path}`,
        { 'Transfer-Encoding': 'chunked', 'X-Signature': 'sha256=00', 'Content-Type': 'text/plain' },
        (req, answered) => {
          const pump = () => {
            if (answered() || req.destroyed) return;
            if (sent > 10 * 1024 * 1024) return req.end(); // the server should have stopped us long before
            req.write(Buffer.alloc(256, 1));
            sent += 256;
            setTimeout(pump, 1);
          };
          pump();
        },
      );
      expect(answer.status).to.equal(413);
      expect(sent).to.be.lessThan(1024 * 1024);
    });

    it('refuses gzip (or any Content-Encoding but identity) with 415', async () => {
      for (const encoding of ['gzip', 'deflate', 'br', 'identity, gzip']) {
        const response = await deliver(app, path, 'x', secret, { 'content-encoding': encoding });
        expect(response.status, encoding).to.equal(415);
        expect((await json(response)).code).to.equal('unsupported_media_type');
      }
      expect((await deliver(app, path, 'x', secret, { 'content-encoding': 'identity' })).status).to.equal(
        202,
      );
    });

    it('answers GET (and other methods) with 405 and Allow: POST', async () => {
      for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
        const response = await app.request(`/api/triggers/webhook/${path}`, { method });
        expect(response.status, method).to.equal(405);
        expect(response.headers.get('allow')).to.include('POST');
      }
    });
  });

  describe('unknown, disabled and deleted paths', () => {
    it('answers 404 for each, whether or not the signature is right', async () => {
      const trigger = await createTrigger(app, owner);
      const signedRight = (p: string) => deliver(app, p, 'x', trigger.signing_secret);
      expect((await signedRight(trigger.webhook_path)).status).to.equal(202);
      expect((await signedRight('no-such-path-here')).status).to.equal(404);
      expect((await deliver(app, 'no-such-path-here', 'x', undefined)).status).to.equal(404);
      expect((await signedRight('bad')).status).to.equal(404);
      await api(app, owner.user, 'PATCH', `/api/triggers/${trigger.id}`, { enabled: false });
      const disabled = await signedRight(trigger.webhook_path);
      expect(disabled.status).to.equal(404);
      expect((await json(disabled)).code).to.equal('not_found');
      await api(app, owner.user, 'PATCH', `/api/triggers/${trigger.id}`, { enabled: true });
      expect((await signedRight(trigger.webhook_path)).status).to.equal(202);
      expect((await api(app, owner.user, 'DELETE', `/api/triggers/${trigger.id}`)).status).to.equal(204);
      expect((await signedRight(trigger.webhook_path)).status).to.equal(404);
    });

    it('gives one answer for unknown, disabled and deleted paths whatever the body', async () => {
      const trigger = await createTrigger(app, owner, { max_body_bytes: 16 });
      const signed = trigger.signing_secret;
      const answer = async (p: string, send: () => Promise<{ status: number; body: string }>) => {
        const { status, body } = await send();
        return `${p === trigger.webhook_path ? 'that path' : p}: ${status} ${body}`;
      };
      const answers = async (p: string) => [
        await answer(p, async () => {
          const response = await deliver(app, p, 'x', signed);
          return { status: response.status, body: await response.text() };
        }),
        await answer(p, async () => {
          const response = await deliver(app, p, 'x'.repeat(64), signed); // over the trigger's 16 bytes
          return { status: response.status, body: await response.text() };
        }),
        await answer(p, async () => {
          const response = await deliver(app, p, 'x', signed, { 'content-encoding': 'gzip' });
          return { status: response.status, body: await response.text() };
        }),
        await answer(p, () =>
          rawRequest(
            app,
            `/api/triggers/webhook/${p}`,
            { 'Content-Length': 50 * 1024 * 1024, 'X-Signature': 'sha256=00' },
            (req) => req.flushHeaders(), // the body is never sent
          ),
        ),
      ];
      const unknown = await answers('no-such-path-anywhere');
      const same = (p: string) => unknown.map((line) => line.replace('no-such-path-anywhere', p));
      await api(app, owner.user, 'PATCH', `/api/triggers/${trigger.id}`, { enabled: false });
      expect(await answers(trigger.webhook_path)).to.deep.equal(same('that path'));
      expect((await api(app, owner.user, 'DELETE', `/api/triggers/${trigger.id}`)).status).to.equal(204);
      expect(await answers(trigger.webhook_path)).to.deep.equal(same('that path'));
      for (const line of unknown) expect(line).to.match(/: 404 .*"code":"not_found"/);
    });
  });

  describe('kept headers', () => {
    it("shows members no provider's credential: only allow-listed headers reach the log and the run", async () => {
      const credentials = {
        'x-shopify-hmac-sha256': 'c2hvcGlmeS1zZWNyZXQ=',
        'x-hmac': 'hmac-secret',
        'x-goog-iap-jwt-assertion': 'eyJhbGciOiJFUzI1NiJ9.iap.secret',
        'x-webhook-pass': 'pass-secret',
      };
      const response = await deliver(app, path, '{}', secret, {
        ...credentials,
        'x-github-event': 'push',
        'x-unknown-header': 'whatever',
      });
      expect(response.status).to.equal(202);
      const receipt = await json(response);
      const delivery = await api(app, owner.user, 'GET', `/api/deliveries/${receipt.delivery_id}`);
      expect(delivery.body.request_headers).to.deep.equal({
        'content-type': 'application/json',
        'user-agent': 'node',
        'x-github-event': 'push',
      });
      expect((await runOf(receipt.run_id)).input.headers).to.deep.equal(delivery.body.request_headers);
    });
  });

  describe('prototype keys', () => {
    it('keeps __proto__ and constructor keys as data, in the body and the query', async () => {
      const body = '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}';
      const response = await app.request(
        `/api/triggers/webhook/${path}?__proto__[polluted]=yes&constructor=x`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-signature': hmacHex(body, secret) },
          body,
        },
      );
      const receipt = await json(response);
      expect(response.status, JSON.stringify(receipt)).to.equal(202);
      const run = await runOf(receipt.run_id);
      expect(Object.keys(run.input.body)).to.deep.equal(['__proto__', 'constructor']);
      expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
      expect((Object.prototype as Record<string, unknown>).polluted).to.equal(undefined);
    });
  });

  describe('idempotency', () => {
    it('answers a repeated Idempotency-Key or X-Delivery-Id with 200 and the first ids', async () => {
      const key = `evt-${Date.now()}`;
      const first = await deliver(app, path, 'a', secret, { 'idempotency-key': key });
      expect(first.status).to.equal(202);
      const firstIds = await json(first);
      const again = await deliver(app, path, 'a', secret, { 'idempotency-key': key });
      expect(again.status).to.equal(200);
      expect(await json(again)).to.deep.equal({ ...firstIds, status: 'duplicate' });
      const viaDeliveryId = await deliver(app, path, 'a', secret, { 'x-delivery-id': key });
      expect(viaDeliveryId.status).to.equal(200);
      // A duplicate is recognised by its key alone: a changed body still gets the first answer.
      const changed = await deliver(app, path, 'b', secret, { 'idempotency-key': key });
      expect((await json(changed)).delivery_id).to.equal(firstIds.delivery_id);
    });

    it('turns 100 concurrent identical deliveries into exactly one run', async function () {
      this.timeout(30000);
      const trigger = await createTrigger(app, owner);
      const body = '{"event":"burst"}';
      const responses = await Promise.all(
        Array.from({ length: 100 }, () =>
          deliver(app, trigger.webhook_path, body, trigger.signing_secret, { 'idempotency-key': 'burst-1' }),
        ),
      );
      const statuses = responses.map((r) => r.status);
      const receipts = await Promise.all(responses.map((r) => json(r)));
      expect(
        statuses.filter((s) => s === 202),
        JSON.stringify(receipts.filter((r) => !r.run_id)),
      ).to.have.lengthOf(1);
      expect(statuses.filter((s) => s === 200)).to.have.lengthOf(99);
      expect(new Set(receipts.map((r) => r.run_id)).size).to.equal(1);
      expect(new Set(receipts.map((r) => r.delivery_id)).size).to.equal(1);
      const runs = await api(
        app,
        owner.user,
        'GET',
        `/api/runs?workspace_id=${owner.workspaceId}&mission_id=${owner.missionId}&limit=200`,
      );
      const ofTrigger = runs.body.items.filter(
        (run: { trigger: { trigger_id: string } }) => run.trigger.trigger_id === trigger.id,
      );
      expect(ofTrigger).to.have.lengthOf(1);
      const log = await api(app, owner.user, 'GET', `/api/triggers/${trigger.id}/deliveries?limit=200`);
      expect(log.body.items.filter((d: { status: string }) => d.status === 'accepted')).to.have.lengthOf(1);
      expect(log.body.items.filter((d: { status: string }) => d.status === 'duplicate')).to.have.lengthOf(99);
    });
  });

  describe('rotation', () => {
    it('verifies both secrets during the grace, only the new one after revocation or after the grace', async () => {
      const trigger = await createTrigger(app, owner);
      const rotated = await api(app, owner.user, 'POST', `/api/triggers/${trigger.id}/rotate-secret`, {
        grace_seconds: 3600,
      });
      expect(rotated.status).to.equal(200);
      const fresh = rotated.body.signing_secret;
      expect(fresh)
        .to.match(/^whsec_/)
        .and.not.equal(trigger.signing_secret);
      expect(rotated.body.previous_secret_expires_at).to.be.a('string');
      expect((await deliver(app, trigger.webhook_path, 'a', trigger.signing_secret)).status).to.equal(202);
      expect((await deliver(app, trigger.webhook_path, 'b', fresh)).status).to.equal(202);

      const revoked = await api(
        app,
        owner.user,
        'POST',
        `/api/triggers/${trigger.id}/revoke-previous-secret`,
      );
      expect(revoked.status).to.equal(200);
      expect(revoked.body).to.not.have.property('signing_secret');
      expect(revoked.body.previous_secret_expires_at).to.equal(null);
      expect((await deliver(app, trigger.webhook_path, 'c', trigger.signing_secret)).status).to.equal(401);
      expect((await deliver(app, trigger.webhook_path, 'd', fresh)).status).to.equal(202);

      const short = await api(app, owner.user, 'POST', `/api/triggers/${trigger.id}/rotate-secret`, {
        grace_seconds: 1,
      });
      expect((await deliver(app, trigger.webhook_path, 'e', fresh)).status).to.equal(202);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await deliver(app, trigger.webhook_path, 'f', fresh)).status).to.equal(401);
      expect((await deliver(app, trigger.webhook_path, 'g', short.body.signing_secret)).status).to.equal(202);
    });
  });

  describe('delivery log and replay', () => {
    it('lists accepted, duplicate and rejected deliveries; rejections keep metadata only', async () => {
      const trigger = await createTrigger(app, owner);
      const p = trigger.webhook_path;
      const s = trigger.signing_secret;
      await deliver(app, p, 'one', s, { 'idempotency-key': 'k1' });
      await deliver(app, p, 'one', s, { 'idempotency-key': 'k1' });
      await deliver(app, p, 'TOP-SECRET-BODY', undefined, { 'x-signature': 'sha256=GUESSED-SIGNATURE' });
      const log = async (query = '') => {
        for (let attempt = 0; ; attempt++) {
          const listed = await api(app, owner.user, 'GET', `/api/triggers/${trigger.id}/deliveries${query}`);
          // Rejections are logged without holding up the answer: give the write a moment.
          if (listed.body.items.length >= 3 || attempt > 20 || query) return listed.body;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      };
      const all = await log();
      expect(all.items.map((d: { status: string }) => d.status)).to.have.members([
        'accepted',
        'duplicate',
        'rejected',
      ]);
      const [rejected] = (await log('?status=rejected')).items;
      expect(rejected).to.include({
        status: 'rejected',
        reason: 'invalid_signature',
        size_bytes: 15,
        run_id: null,
      });
      expect(rejected.source_ip).to.equal('127.0.0.1');
      const detail = await api(app, owner.user, 'GET', `/api/deliveries/${rejected.id}`);
      expect(detail.body).to.include({ body: null, raw_body_base64: null });
      expect(detail.body.request_headers).to.deep.equal({});
      const rows = await (await testDatabase()).db.query('select * from webhook_deliveries where id = $1', [
        rejected.id,
      ]);
      expect(JSON.stringify(rows)).to.not.include('TOP-SECRET').and.not.include('GUESSED');
    });

    it('replays an accepted delivery into a new run with the same input', async () => {
      const response = await deliver(app, path, '{"replay":true}', secret);
      const receipt = await json(response);
      const replay = await api(app, owner.user, 'POST', `/api/deliveries/${receipt.delivery_id}/replay`);
      expect(replay.status).to.equal(201);
      expect(replay.body.run_id).to.not.equal(receipt.run_id);
      const [original, copy] = [await runOf(receipt.run_id), await runOf(replay.body.run_id)];
      expect(copy.input).to.deep.equal(original.input);
      expect(copy.trigger.delivery_id).to.equal(receipt.delivery_id);
    });
  });

  describe('throttling', () => {
    it('answers 429 with Retry-After once a path spent its budget, unknown paths included', async () => {
      const strict = await startTestApp({ WEBHOOK_RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_STORE: 'memory' });
      try {
        const mine = await ownerWithMission(strict);
        const trigger = await createTrigger(strict, mine);
        for (let i = 0; i < 3; i++) {
          expect(
            (await deliver(strict, trigger.webhook_path, `${i}`, trigger.signing_secret)).status,
          ).to.equal(202);
        }
        const throttled = await deliver(strict, trigger.webhook_path, 'x', trigger.signing_secret);
        expect(throttled.status).to.equal(429);
        expect(Number(throttled.headers.get('retry-after'))).to.be.within(1, 60);
        for (let i = 0; i < 3; i++)
          expect((await deliver(strict, 'unknown-path-x', 'x', 'k')).status).to.equal(404);
        expect((await deliver(strict, 'unknown-path-x', 'x', 'k')).status).to.equal(429);
      } finally {
        await strict.close();
      }
    });
  });

  it('is published with the webhookSignature scheme and every status it answers', async () => {
    const document = await json(await app.request('/api/v2/openapi.json'));
    const operation = document.paths['/api/triggers/webhook/{webhook_path}'].post;
    expect(operation.security).to.deep.equal([{ webhookSignature: [] }]);
    expect(Object.keys(operation.responses)).to.include.members([
      '200',
      '202',
      '400',
      '401',
      '404',
      '413',
      '415',
      '429',
      '500',
      '503',
    ]);
    expect(operation.requestBody.content).to.have.property('*/*');
    expect(document.paths['/api/triggers/webhook/{webhook_path}']).to.not.have.property('get');
  });
});
