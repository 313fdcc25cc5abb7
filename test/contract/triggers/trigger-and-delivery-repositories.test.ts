import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Mission } from '../../../src/domain/missions/mission.ts';
import { Run } from '../../../src/domain/runs/run.ts';
import { acceptedDelivery, rejectedDelivery } from '../../../src/domain/triggers/delivery.ts';
import type { TriggerSignatureScheme } from '../../../src/domain/triggers/signature-schemes.ts';
import { Trigger } from '../../../src/domain/triggers/trigger.ts';
import { TriggerChanged, WebhookPathTaken } from '../../../src/domain/triggers/webhook-errors.ts';
import {
  at,
  postgresWorld,
  seedMission,
  seedRun,
  seedUser,
  T0,
  WORLDS,
  type World,
} from '../../support/persistence-world.ts';
import { testDatabase } from '../../support/test-database.ts';

const DAY = 86400;

for (const [adapter, makeWorld] of WORLDS) {
  describe(`TriggerRepository and DeliveryRepository contract (${adapter})`, () => {
    let world: World;
    beforeEach(async () => {
      world = await makeWorld();
    });

    async function newTrigger(
      overrides: {
        webhookPath?: string;
        createdAt?: Date;
        missionId?: string;
        signatureScheme?: TriggerSignatureScheme;
        signingSecret?: string;
      } = {},
    ) {
      const { workspace } = await seedUser(world);
      const mission = await seedMission(world, workspace.id);
      const trigger = Trigger.create(
        {
          id: randomUUID(),
          workspaceId: workspace.id,
          missionId: overrides.missionId ?? mission.id,
          name: 'hook',
          webhookPath: overrides.webhookPath ?? randomBytes(16).toString('base64url'),
          signingSecret: overrides.signingSecret ?? `whsec_${randomBytes(32).toString('base64url')}`,
          signatureScheme: overrides.signatureScheme,
        },
        overrides.createdAt ?? T0,
      );
      await world.triggers.add(trigger);
      return trigger;
    }

    /** An accepted delivery with its run, stored through the intake as ingest does. */
    async function accept(trigger: Trigger, body: string | Buffer, key: string | null, receivedAt = T0) {
      const runId = randomUUID();
      const delivery = acceptedDelivery({
        id: randomUUID(),
        triggerId: trigger.id,
        receivedAt,
        sourceIp: '198.51.100.7',
        runId,
        body: typeof body === 'string' ? Buffer.from(body) : body,
        contentType: 'application/json',
        headers: { 'x-event': 'push' },
        query: { a: ['1', '2'] },
        signatureScheme: 'hex',
        idempotencyKey: key,
      });
      const run = Run.queue({
        id: runId,
        missionId: trigger.missionId,
        workspaceId: trigger.workspaceId,
        triggerType: 'webhook',
        triggerId: trigger.id,
        deliveryId: delivery.id,
        now: receivedAt,
      });
      const outcome = await world.deliveryIntake.accept(delivery, run, DAY);
      return { delivery, outcome };
    }

    it('reads a trigger back field for field, by id and by path', async () => {
      const trigger = await newTrigger();
      expect(await world.triggers.findById(trigger.id)).to.deep.equal(trigger);
      expect(await world.triggers.findByWebhookPath(trigger.webhookPath)).to.deep.equal(trigger);
      expect(await world.triggers.findByWebhookPath(`${trigger.webhookPath.toUpperCase()}x`)).to.equal(
        undefined,
      );
    });

    it('refuses a taken path, also once its trigger is deleted', async () => {
      const trigger = await newTrigger({ webhookPath: `taken-${randomUUID()}` });
      try {
        await newTrigger({ webhookPath: trigger.webhookPath });
        expect.fail('a second trigger took the path');
      } catch (error) {
        expect(error).to.be.instanceOf(WebhookPathTaken);
      }
      await world.triggers.delete(trigger.id, at(5));
      expect(await world.triggers.findById(trigger.id)).to.equal(undefined);
      expect(await world.triggers.findByWebhookPath(trigger.webhookPath)).to.equal(undefined);
      let refused = false;
      await newTrigger({ webhookPath: trigger.webhookPath }).catch((error) => {
        refused = error instanceof WebhookPathTaken;
      });
      expect(refused).to.equal(true);
    });

    it('stores rotations over the version read, and refuses a stale one', async () => {
      const trigger = await newTrigger();
      const first = (await world.triggers.findById(trigger.id)) as Trigger;
      const second = (await world.triggers.findById(trigger.id)) as Trigger;
      first.rotateSecret('whsec_first-rotation', 60, at(1));
      await world.triggers.save(first);
      second.rotateSecret('whsec_second-rotation', 60, at(2));
      let error: unknown;
      await world.triggers.save(second).catch((e) => {
        error = e;
      });
      expect(error).to.be.instanceOf(TriggerChanged);
      const stored = (await world.triggers.findById(trigger.id)) as Trigger;
      expect(stored.activeSecrets(at(3))).to.deep.equal(['whsec_first-rotation', trigger.signingSecret]);
      expect(stored.previousSecretExpiresAt).to.deep.equal(at(61));
    });

    it("keeps each trigger's signature scheme and caller-supplied secret", async () => {
      const github = await newTrigger({
        signatureScheme: 'github',
        signingSecret: "It's a Secret to Everybody",
      });
      const platform = await newTrigger();
      expect(await world.triggers.findById(github.id)).to.deep.include({
        signatureScheme: 'github',
        signingSecret: "It's a Secret to Everybody",
      });
      expect((await world.triggers.findByWebhookPath(platform.webhookPath))?.signatureScheme).to.equal(
        'platform',
      );
    });

    it('lists live triggers by workspace and mission, oldest first, a page at a time', async () => {
      const one = await newTrigger();
      const mission2 = await seedMission(world, one.workspaceId);
      const make = async (missionId: string, seconds: number) => {
        const t = Trigger.create(
          {
            id: randomUUID(),
            workspaceId: one.workspaceId,
            missionId,
            name: 'n',
            webhookPath: randomBytes(16).toString('base64url'),
            signingSecret: 'whsec_short-but-8',
          },
          at(seconds),
        );
        await world.triggers.add(t);
        return t;
      };
      const two = await make(mission2.id, 10);
      const three = await make(one.missionId, 20);
      const deleted = await make(one.missionId, 30);
      await world.triggers.delete(deleted.id, at(40));
      const page1 = await world.triggers.list({ workspaceId: one.workspaceId }, { limit: 2 });
      expect(page1.items.map((t) => t.id)).to.deep.equal([one.id, two.id]);
      const page2 = await world.triggers.list(
        { workspaceId: one.workspaceId },
        { limit: 2, after: page1.next ?? undefined },
      );
      expect(page2.items.map((t) => t.id)).to.deep.equal([three.id]);
      expect(page2.next).to.equal(null);
      const byMission = await world.triggers.list(
        { workspaceId: one.workspaceId, missionId: one.missionId },
        { limit: 9 },
      );
      expect(byMission.items.map((t) => t.id)).to.deep.equal([one.id, three.id]);
    });

    it('keeps one accepted delivery per key within 24 h, and a fresh one after', async () => {
      const trigger = await newTrigger();
      const first = await accept(trigger, 'one', 'k-1', T0);
      expect(first.outcome).to.deep.equal({ stored: true });
      const repeat = await accept(trigger, 'two', 'k-1', at(DAY - 1));
      expect(repeat.outcome).to.deep.equal({
        stored: false,
        original: { deliveryId: first.delivery.id, runId: first.delivery.runId },
      });
      // The repeat is logged, metadata only, pointing at the original.
      expect(await world.deliveries.findById(repeat.delivery.id)).to.deep.include({
        status: 'duplicate',
        duplicateOf: first.delivery.id,
        runId: first.delivery.runId,
        body: null,
      });
      expect((await accept(trigger, 'three', 'k-1', at(DAY))).outcome).to.deep.equal({ stored: true });
      // Another trigger's key space is its own; no key means no check.
      expect((await accept(await newTrigger(), 'x', 'k-1')).outcome).to.deep.equal({ stored: true });
      expect((await accept(trigger, 'x', null)).outcome).to.deep.equal({ stored: true });
      expect((await accept(trigger, 'x', null)).outcome).to.deep.equal({ stored: true });
    });

    it('reads an accepted delivery back with its exact bytes, and lists metadata newest first', async () => {
      const trigger = await newTrigger();
      const bytes = Buffer.from([0xef, 0xbb, 0xbf, 0xff, 0x00, 0x7b]);
      const { delivery } = await accept(trigger, bytes, null, at(1));
      const stored = await world.deliveries.findById(delivery.id);
      expect(Buffer.from(stored?.body ?? []).equals(bytes)).to.equal(true);
      expect(stored).to.deep.include({
        headers: { 'x-event': 'push' },
        query: { a: ['1', '2'] },
        status: 'accepted',
      });
      const rejected = rejectedDelivery({
        id: randomUUID(),
        triggerId: trigger.id,
        receivedAt: at(2),
        sourceIp: null,
        reason: 'invalid_signature',
        sizeBytes: 3_000_000_000,
        contentType: null,
      });
      await world.deliveries.addLogEntry(rejected);
      const all = await world.deliveries.listForTrigger(trigger.id, {}, { limit: 1 });
      expect(all.items.map((d) => d.id)).to.deep.equal([rejected.id]);
      expect(all.items[0]?.sizeBytes).to.equal(3_000_000_000);
      const rest = await world.deliveries.listForTrigger(
        trigger.id,
        {},
        { limit: 1, after: all.next ?? undefined },
      );
      expect(rest.items.map((d) => d.id)).to.deep.equal([delivery.id]);
      const accepted = await world.deliveries.listForTrigger(
        trigger.id,
        { status: 'accepted' },
        { limit: 9 },
      );
      expect(accepted.items.map((d) => d.id)).to.deep.equal([delivery.id]);
    });

    it('shows a webhook run’s delivery as its input, also once the run changed', async () => {
      const trigger = await newTrigger();
      const { delivery } = await accept(trigger, '{"n":1}', null);
      const expected = { body: { n: 1 }, content_type: 'application/json', headers: { 'x-event': 'push' } };
      expect((await world.runs.findById(delivery.runId as string))?.input).to.deep.include(expected);
      const cancelled = await world.runs.update(delivery.runId as string, (run) => run.cancel(at(1)));
      expect(cancelled?.input).to.deep.include(expected);
      expect((await world.runs.findById(delivery.runId as string))?.input).to.deep.include(expected);
    });

    for (const deleted of ['workspace', 'mission'] as const) {
      it(`deleting a ${deleted} deletes its missions, runs, triggers and deliveries, freeing the paths`, async () => {
        const trigger = await newTrigger();
        const { delivery } = await accept(trigger, '{}', null);
        const manual = await seedRun(world, (await world.missions.findById(trigger.missionId)) as Mission);
        const kept = await newTrigger();
        if (deleted === 'workspace') await world.workspaces.delete(trigger.workspaceId);
        else await world.missions.delete(trigger.missionId);
        expect(await world.missions.findById(trigger.missionId)).to.equal(undefined);
        for (const id of [manual.id, delivery.runId as string]) {
          expect(await world.runs.findById(id)).to.equal(undefined);
        }
        expect(await world.deliveries.findById(delivery.id)).to.equal(undefined);
        expect(await world.triggers.findById(trigger.id)).to.equal(undefined);
        // The trigger row itself is gone (a deleted trigger would keep its path taken).
        await newTrigger({ webhookPath: trigger.webhookPath });
        expect(await world.triggers.findById(kept.id)).to.deep.equal(kept);
        if (deleted === 'workspace') {
          expect(await world.workspaces.findById(trigger.workspaceId)).to.equal(undefined);
          expect(await world.workspaces.listMembers(trigger.workspaceId, { limit: 5 })).to.deep.equal({
            items: [],
            next: null,
          });
        }
      });
    }

    it('purges bodies and log entries older than the cutoff, keeping the accepted metadata', async () => {
      const trigger = await newTrigger();
      const old = await accept(trigger, 'old', null, at(-40 * DAY));
      const recent = await accept(trigger, 'recent', null, at(-1 * DAY));
      await world.deliveries.addLogEntry(
        rejectedDelivery({
          id: randomUUID(),
          triggerId: trigger.id,
          receivedAt: at(-40 * DAY),
          sourceIp: null,
          reason: 'missing_signature',
          sizeBytes: 1,
          contentType: null,
        }),
      );
      const purged = await world.deliveries.purgeReceivedBefore(at(-30 * DAY), 100);
      expect(purged).to.deep.equal({ bodies: 1, entries: 1 });
      const kept = await world.deliveries.findById(old.delivery.id);
      expect(kept).to.deep.include({ status: 'accepted', body: null, sizeBytes: 3 });
      expect(kept?.bodyPurgedAt).to.be.instanceOf(Date);
      expect((await world.deliveries.findById(recent.delivery.id))?.body).to.not.equal(null);
      expect((await world.deliveries.listForTrigger(trigger.id, {}, { limit: 9 })).items).to.have.lengthOf(2);
    });
  });
}

describe('PostgreSQL trigger and delivery storage', () => {
  it('keeps signing secrets sealed at rest, bound to their row', async () => {
    const { db } = await testDatabase();
    const world = await postgresWorld();
    const { triggers } = world;
    const { workspace } = await seedUser(world);
    const mission = await seedMission(world, workspace.id);
    const make = async () => {
      const trigger = Trigger.create(
        {
          id: randomUUID(),
          workspaceId: workspace.id,
          missionId: mission.id,
          name: 'sealed',
          webhookPath: randomBytes(16).toString('base64url'),
          signingSecret: `whsec_${randomBytes(32).toString('base64url')}`,
        },
        T0,
      );
      await triggers.add(trigger);
      return trigger;
    };
    const [one, two] = [await make(), await make()];
    one.rotateSecret(`whsec_${randomBytes(32).toString('base64url')}`, 600, T0);
    await triggers.save(one);
    const rows = await db.query('select * from triggers where id in ($1, $2)', [one.id, two.id]);
    const dump = JSON.stringify(rows);
    for (const secret of [one.signingSecret, one.previousSecret as string, two.signingSecret]) {
      expect(dump).to.not.include(secret);
      expect(dump).to.not.include(secret.slice('whsec_'.length, 20));
    }
    // A sealed secret copied onto another trigger's row does not open there.
    await db.query(
      'update triggers set signing_secret_sealed = (select signing_secret_sealed from triggers where id = $1) where id = $2',
      [one.id, two.id],
    );
    let refused = false;
    await triggers.findById(two.id).catch(() => {
      refused = true;
    });
    expect(refused).to.equal(true);
    // And a deleted trigger keeps no secret at all.
    await triggers.delete(one.id, T0);
    const [deleted] = await db.query(
      'select signing_secret_sealed, previous_secret_sealed from triggers where id = $1',
      [one.id],
    );
    expect(deleted).to.deep.equal({ signing_secret_sealed: null, previous_secret_sealed: null });
  });

  it('stores raw bodies uncompressed (STORAGE EXTERNAL)', async () => {
    const { db } = await testDatabase();
    const [column] = await db.query<{ attstorage: string }>(
      `select a.attstorage from pg_attribute a join pg_class c on c.oid = a.attrelid
        where c.relname = 'webhook_deliveries' and a.attname = 'body'`,
    );
    expect(column?.attstorage).to.equal('e');
  });
});
