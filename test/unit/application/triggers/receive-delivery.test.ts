import { expect } from 'chai';
import { DomainError } from '../../../../src/domain/kernel/errors.ts';
import { type Principal, userPrincipal } from '../../../../src/domain/kernel/principal.ts';
import { UnsupportedContentEncoding } from '../../../../src/domain/triggers/webhook-errors.ts';
import { rejectionOf } from '../../../support/fail.ts';
import { seedMission, seedUser } from '../../../support/persistence-world.ts';
import { hexSignature, incoming, triggerUseCases } from '../../../support/webhook-doubles.ts';

const rejection = (promise: Promise<unknown>) => rejectionOf(promise, DomainError, 'expected a domain error');

describe('receiveDelivery (in-memory adapters)', () => {
  async function setUp(input: { requireIdempotencyKey?: boolean; maxBodyBytes?: number } = {}) {
    const uc = await triggerUseCases();
    const world = uc;
    const { user, workspace } = await seedUser(world);
    const mission = await seedMission(world, workspace.id);
    const principal: Principal = userPrincipal(user.id, 's1');
    const trigger = await uc.createTrigger(principal, { missionId: mission.id, name: 'hook', ...input });
    return {
      world,
      uc,
      principal,
      trigger,
      mission,
      secret: trigger.signingSecret,
      path: trigger.webhookPath,
    };
  }

  it('stores the delivery and a queued webhook run of the mission, and answers with both ids', async () => {
    const { world, uc, trigger, mission, secret, path } = await setUp();
    const receipt = await uc.receiveDelivery(incoming(path, '{"a":1}', secret, { query: { x: '1' } }));
    expect(receipt.status).to.equal('accepted');
    const run = await world.runs.findById(receipt.runId as string);
    expect(run).to.include({
      status: 'queued',
      triggerType: 'webhook',
      triggerId: trigger.id,
      deliveryId: receipt.deliveryId,
      missionId: mission.id,
      workspaceId: mission.workspaceId,
    });
    // A webhook run shows its delivery as input, built from the stored body (not a copy of it).
    expect(run?.input).to.deep.include({ body: { a: 1 }, query: { x: '1' } });
    const delivery = await uc.deliveries.findById(receipt.deliveryId);
    expect(delivery).to.deep.include({
      status: 'accepted',
      runId: receipt.runId,
      signatureScheme: 'sha256_hex',
      sizeBytes: 7,
      query: { x: '1' },
      sourceIp: '203.0.113.9',
    });
    expect(Buffer.from(delivery?.body ?? []).toString()).to.equal('{"a":1}');
  });

  it('spends the per-path budget before reading the body or doing any HMAC work', async () => {
    const { uc, path, secret } = await setUp();
    uc.webhookRateLimiter.blocked.add(path);
    let read = false;
    const error = await rejection(
      uc.receiveDelivery(
        incoming(path, 'x', secret, {
          readBody: async () => {
            read = true;
            return Buffer.from('x');
          },
        }),
      ),
    );
    expect(error).to.include({ code: 'rate_limited', retryAfterSeconds: 7 });
    expect(read).to.equal(false);
    expect(uc.signatureVerifiers.platform.calls).to.have.lengthOf(0);
  });

  it('does the same HMAC work for unknown, deleted and disabled paths, then answers 404', async () => {
    const { uc, principal, trigger, secret, path } = await setUp();
    const unknown = await rejection(uc.receiveDelivery(incoming('unknown-path-123', 'x', secret)));
    expect(unknown.code).to.equal('not_found');
    expect(uc.webhookRateLimiter.keys).to.include('unknown-path-123');
    await uc.updateTrigger(principal, trigger.id, { enabled: false });
    const disabled = await rejection(uc.receiveDelivery(incoming(path, 'x', secret)));
    expect(disabled.code).to.equal('not_found');
    await uc.deleteTrigger(principal, trigger.id);
    const deleted = await rejection(uc.receiveDelivery(incoming(path, 'x', secret)));
    expect(deleted.code).to.equal('not_found');
    // Each was verified against one secret over the body, exactly like a live trigger's delivery.
    expect(uc.signatureVerifiers.platform.calls.map((call) => call.secrets.length)).to.deep.equal([1, 1, 1]);
    expect(
      uc.signatureVerifiers.platform.calls.every((call) => Buffer.from(call.body).toString() === 'x'),
    ).to.equal(true);
    const [dummy] = uc.signatureVerifiers.platform.calls[0]?.secrets ?? [];
    expect(dummy).to.not.equal(secret);
    // Nothing about those requests is logged under the trigger.
    expect((await uc.deliveries.listForTrigger(trigger.id, {}, { limit: 50 })).items).to.deep.equal([]);
  });

  it('answers disabled and deleted paths like unknown ones whatever the body: size and encoding reveal nothing', async () => {
    const { uc, principal, trigger, secret, path } = await setUp({ maxBodyBytes: 16 });
    const encoded = (p: string) =>
      incoming(p, 'x', secret, {
        readBody: async () => {
          throw new UnsupportedContentEncoding();
        },
      });
    const bodies = [
      (p: string) => incoming(p, 'x', secret),
      (p: string) => incoming(p, 'x'.repeat(17), secret), // over the trigger's own limit
      (p: string) => incoming(p, 'x'.repeat(2 * 1024 * 1024), secret), // over any default limit
      encoded,
    ];
    const answers = async (p: string) =>
      Promise.all(bodies.map(async (body) => (await rejection(uc.receiveDelivery(body(p)))).code));
    const unknown = await answers('unknown-path-123');
    expect(unknown).to.deep.equal(['not_found', 'not_found', 'not_found', 'not_found']);
    await uc.updateTrigger(principal, trigger.id, { enabled: false });
    expect(await answers(path)).to.deep.equal(unknown);
    await uc.deleteTrigger(principal, trigger.id);
    expect(await answers(path)).to.deep.equal(unknown);
  });

  it('answers 404 for a malformed path without spending a budget', async () => {
    const { uc, secret } = await setUp();
    expect((await rejection(uc.receiveDelivery(incoming('a/b', 'x', secret)))).code).to.equal('not_found');
    expect(uc.webhookRateLimiter.keys).to.deep.equal([]);
  });

  it('refuses missing and wrong signatures with 401, logging metadata only', async () => {
    const { uc, trigger, path } = await setUp();
    const missing = await rejection(uc.receiveDelivery(incoming(path, 'secret body', undefined)));
    expect(missing).to.include({ kind: 'unauthenticated', code: 'missing_signature' });
    const wrong = await rejection(
      uc.receiveDelivery(incoming(path, 'secret body', undefined, { signature: 'sha256=PRESENTED-GUESS' })),
    );
    expect(wrong.code).to.equal('invalid_signature');
    const log = (await uc.deliveries.listForTrigger(trigger.id, {}, { limit: 50 })).items;
    expect(log.map((entry) => entry.reason)).to.have.members(['missing_signature', 'invalid_signature']);
    for (const entry of log) {
      const stored = await uc.deliveries.findById(entry.id);
      expect(stored).to.deep.include({
        status: 'rejected',
        body: null,
        headers: {},
        query: {},
        sizeBytes: 11,
      });
      expect(JSON.stringify(stored)).to.not.include('PRESENTED-GUESS').and.not.include('secret body');
    }
  });

  it('logs refusals of the body itself (413, 415) with their size', async () => {
    const { uc, trigger, path, secret } = await setUp({ maxBodyBytes: 4 });
    expect((await rejection(uc.receiveDelivery(incoming(path, '123456', secret)))).code).to.equal(
      'payload_too_large',
    );
    const encoded = incoming(path, 'x', secret, {
      declaredBytes: 99,
      readBody: async () => {
        throw new UnsupportedContentEncoding();
      },
    });
    expect((await rejection(uc.receiveDelivery(encoded))).code).to.equal('unsupported_media_type');
    const log = (await uc.deliveries.listForTrigger(trigger.id, { status: 'rejected' }, { limit: 50 })).items;
    expect(log.map((e) => [e.reason, e.sizeBytes])).to.have.deep.members([
      ['payload_too_large', 6],
      ['unsupported_media_type', 99],
    ]);
  });

  it('verifies with the previous secret during its grace, and not after it or after revocation', async () => {
    const { uc, principal, trigger, secret: old, path } = await setUp();
    const rotated = await uc.rotateTriggerSecret(principal, trigger.id, { graceSeconds: 60 });
    const fresh = rotated.signingSecret;
    expect((await uc.receiveDelivery(incoming(path, 'a', old))).status).to.equal('accepted');
    expect((await uc.receiveDelivery(incoming(path, 'b', fresh))).status).to.equal('accepted');
    uc.clock.advance(60);
    expect((await rejection(uc.receiveDelivery(incoming(path, 'c', old)))).code).to.equal(
      'invalid_signature',
    );
    expect((await uc.receiveDelivery(incoming(path, 'd', fresh))).status).to.equal('accepted');

    const again = await uc.rotateTriggerSecret(principal, trigger.id, { graceSeconds: 3600 });
    expect((await uc.receiveDelivery(incoming(path, 'e', fresh))).status).to.equal('accepted');
    await uc.revokePreviousTriggerSecret(principal, trigger.id);
    expect((await rejection(uc.receiveDelivery(incoming(path, 'f', fresh)))).code).to.equal(
      'invalid_signature',
    );
    expect((await uc.receiveDelivery(incoming(path, 'g', again.signingSecret))).status).to.equal('accepted');
  });

  it('answers a repeated key with the first ids and creates nothing; the window is 24 h', async () => {
    const { world, uc, trigger, secret, path } = await setUp();
    const first = await uc.receiveDelivery(incoming(path, 'a', secret, { idempotencyKey: 'evt-1' }));
    const repeat = await uc.receiveDelivery(incoming(path, 'a', secret, { deliveryIdHeader: 'evt-1' }));
    expect(repeat).to.deep.equal({
      deliveryId: first.deliveryId,
      runId: first.runId,
      status: 'duplicate',
      scheme: 'platform',
    });
    const runs = await world.runs.list({ workspaceId: trigger.workspaceId }, { limit: 50 });
    expect(runs.items).to.have.lengthOf(1);
    const log = await uc.deliveries.listForTrigger(trigger.id, {}, { limit: 50 });
    expect(log.items.map((d) => [d.status, d.duplicateOf])).to.have.deep.members([
      ['accepted', null],
      ['duplicate', first.deliveryId],
    ]);
    uc.clock.advance(24 * 3600);
    expect(
      (await uc.receiveDelivery(incoming(path, 'a', secret, { idempotencyKey: 'evt-1' }))).status,
    ).to.equal('accepted');
  });

  it('answers concurrent repeats of one key with the one delivery stored, and queues one run', async () => {
    const { world, uc, trigger, secret, path } = await setUp();
    const receipts = await Promise.all(
      ['a', 'b', 'c'].map((body) =>
        uc.receiveDelivery(incoming(path, body, secret, { idempotencyKey: 'evt-2' })),
      ),
    );
    const accepted = receipts.filter((receipt) => receipt.status === 'accepted');
    expect(accepted).to.have.lengthOf(1);
    for (const receipt of receipts) {
      expect(receipt).to.deep.include({ deliveryId: accepted[0]?.deliveryId, runId: accepted[0]?.runId });
    }
    const runs = await world.runs.list({ workspaceId: trigger.workspaceId }, { limit: 50 });
    expect(runs.items.map((run) => run.id)).to.deep.equal([accepted[0]?.runId]);
  });

  it('requires an idempotency key when the trigger says so, and refuses malformed keys', async () => {
    const { uc, path, secret } = await setUp({ requireIdempotencyKey: true });
    expect((await rejection(uc.receiveDelivery(incoming(path, 'a', secret)))).code).to.equal(
      'invalid_request',
    );
    const long = await rejection(
      uc.receiveDelivery(incoming(path, 'a', secret, { idempotencyKey: 'k'.repeat(256) })),
    );
    expect(long.code).to.equal('invalid_request');
    const ok = await uc.receiveDelivery(incoming(path, 'a', secret, { idempotencyKey: 'k'.repeat(255) }));
    expect(ok.status).to.equal('accepted');
  });

  it('replays an accepted delivery into a new run, not a rejected or purged one', async () => {
    const { world, uc, principal, trigger, secret, path } = await setUp();
    const receipt = await uc.receiveDelivery(incoming(path, 'a', secret));
    const replayed = await uc.replayDelivery(principal, receipt.deliveryId);
    expect(replayed.id).to.not.equal(receipt.runId);
    expect(replayed).to.include({ deliveryId: receipt.deliveryId, triggerId: trigger.id, status: 'queued' });
    expect(await world.runs.findById(replayed.id)).to.not.equal(undefined);

    await rejection(uc.receiveDelivery(incoming(path, 'b', undefined)));
    const [rejected] = (await uc.deliveries.listForTrigger(trigger.id, { status: 'rejected' }, { limit: 1 }))
      .items;
    expect((await rejection(uc.replayDelivery(principal, rejected?.id as string))).kind).to.equal('conflict');

    uc.clock.advance(31 * 86400);
    expect(await uc.applyRetention()).to.deep.include({ delivery_bodies: 1, delivery_log_entries: 1 });
    expect((await rejection(uc.replayDelivery(principal, receipt.deliveryId))).kind).to.equal('conflict');
    expect((await uc.deliveries.findById(receipt.deliveryId))?.bodyPurgedAt).to.be.instanceOf(Date);
  });

  it('verifies the exact bytes it was given, whatever the content type', async () => {
    const { uc, path, secret } = await setUp();
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, 0xff, 0x00, 0x0d, 0x0a]);
    const receipt = await uc.receiveDelivery(
      incoming(path, bytes, undefined, { signature: hexSignature(bytes, secret), contentType: 'image/png' }),
    );
    expect(
      Buffer.from((await uc.deliveries.findById(receipt.deliveryId))?.body ?? []).equals(bytes),
    ).to.equal(true);
  });
});
