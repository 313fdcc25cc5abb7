import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Mission } from '../../../src/domain/missions/mission.ts';
import { rejectedDelivery } from '../../../src/domain/triggers/delivery.ts';
import type { Trigger } from '../../../src/domain/triggers/trigger.ts';
import { at, describeContract, seedRun, T0 } from '../../support/persistence-world.ts';
import { testDatabase } from '../../support/test-database.ts';

import { seedTrigger, type TriggerOverrides, webhookEntry } from '../../support/trigger-fixtures.ts';

const DAY = 86400;

describeContract('DeliveryRepository', (world) => {
  const newTrigger = (overrides: TriggerOverrides = {}) => seedTrigger(world, overrides);

  /** An accepted delivery with its run, stored through the intake as ingest does. */
  async function accept(trigger: Trigger, body: string | Buffer, key: string | null, receivedAt = T0) {
    const { delivery, run } = webhookEntry(trigger, {
      body,
      idempotencyKey: key,
      receivedAt,
      headers: { 'x-event': 'push' },
      query: { a: ['1', '2'] },
    });
    const outcome = await world.deliveryIntake.accept(delivery, run, DAY);
    return { delivery, outcome };
  }

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
    const accepted = await world.deliveries.listForTrigger(trigger.id, { status: 'accepted' }, { limit: 9 });
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

  it('retention drops old bodies, log entries and idempotency keys of its workspace only, keeping the metadata', async () => {
    const trigger = await newTrigger();
    const other = await newTrigger();
    const old = await accept(trigger, 'old', 'key-1', at(-40 * DAY));
    const recent = await accept(trigger, 'recent', 'key-2', at(-1 * DAY));
    const elsewhere = await accept(other, 'elsewhere', null, at(-40 * DAY));
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
    // Only this workspace's rows are past a cutoff: every other is kept (null), as a shared database needs.
    const cutoffs = { fallback: null, byWorkspace: new Map([[trigger.workspaceId, at(-30 * DAY)]]) };
    const purged: Record<string, number> = {};
    for (const purge of world.deliveryPurges) purged[purge.name] = await purge.purgeBatch(cutoffs, 100);
    expect(purged).to.deep.equal({ delivery_bodies: 1, delivery_log_entries: 1, idempotency_keys: 1 });
    const kept = await world.deliveries.findById(old.delivery.id);
    expect(kept).to.deep.include({ status: 'accepted', body: null, sizeBytes: 3, idempotencyKey: null });
    expect(kept?.bodyPurgedAt).to.be.instanceOf(Date);
    expect(await world.deliveries.findById(recent.delivery.id)).to.deep.include({ idempotencyKey: 'key-2' });
    expect((await world.deliveries.findById(recent.delivery.id))?.body).to.not.equal(null);
    expect((await world.deliveries.findById(elsewhere.delivery.id))?.body).to.not.equal(null);
    expect((await world.deliveries.listForTrigger(trigger.id, {}, { limit: 9 })).items).to.have.lengthOf(2);
    // The key's slot is free again: a delivery with it is a new one.
    expect((await accept(trigger, 'again', 'key-1', T0)).outcome).to.deep.equal({ stored: true });
  });
});

describe('DeliveryRepository on PostgreSQL', () => {
  it('stores raw bodies uncompressed (STORAGE EXTERNAL)', async () => {
    const { db } = await testDatabase();
    const [column] = await db.query<{ attstorage: string }>(
      `select a.attstorage from pg_attribute a join pg_class c on c.oid = a.attrelid
        where c.relname = 'webhook_deliveries' and a.attname = 'body'`,
    );
    expect(column?.attstorage).to.equal('e');
  });
});
