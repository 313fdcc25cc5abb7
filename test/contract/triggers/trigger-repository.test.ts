import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Trigger } from '../../../src/domain/triggers/trigger.ts';
import { TriggerChanged, WebhookPathTaken } from '../../../src/domain/triggers/webhook-errors.ts';
import {
  at,
  describeContract,
  postgresWorld,
  seedMission,
  seedUser,
  T0,
} from '../../support/persistence-world.ts';
import { testDatabase } from '../../support/test-database.ts';

import { seedTrigger, type TriggerOverrides } from '../../support/trigger-fixtures.ts';

describeContract('TriggerRepository', (world) => {
  const newTrigger = (overrides: TriggerOverrides = {}) => seedTrigger(world, overrides);

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
    const make = (missionId: string, seconds: number) =>
      seedTrigger(world, {
        mission: { id: missionId, workspaceId: one.workspaceId },
        name: 'n',
        signingSecret: 'whsec_short-but-8',
        createdAt: at(seconds),
      });
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
});

describe('TriggerRepository on PostgreSQL', () => {
  it('keeps signing secrets sealed at rest, bound to their row', async () => {
    const { db } = await testDatabase();
    const world = await postgresWorld();
    const { triggers } = world;
    const { workspace } = await seedUser(world);
    const mission = await seedMission(world, workspace.id);
    const make = () => seedTrigger(world, { mission, name: 'sealed' });
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
});
