import { expect } from 'chai';
import {
  announcingMissions,
  withCachedMissions,
} from '../../../../../src/adapters/missions/caching/mission-caches.ts';
import { CacheInvalidation } from '../../../../../src/adapters/platform/caching/cache-invalidation.ts';
import { overrideMethods } from '../../../../../src/adapters/platform/caching/method-overrides.ts';
import {
  announcingTriggers,
  withCachedTriggerPaths,
} from '../../../../../src/adapters/triggers/caching/ingest-caches.ts';
import { userPrincipal } from '../../../../../src/domain/kernel/principal.ts';
import { seedMission, seedUser } from '../../../../support/persistence-world.ts';
import { triggerUseCases } from '../../../../support/webhook-doubles.ts';

/** A trigger of a mission on the in-memory adapters, behind announcing writes and counted, cached reads. */
async function world() {
  const uc = await triggerUseCases();
  const { user, workspace } = await seedUser(uc);
  const mission = await seedMission(uc, workspace.id);
  const trigger = await uc.createTrigger(userPrincipal(user.id, 's1'), {
    missionId: mission.id,
    name: 'hook',
  });
  const invalidation = new CacheInvalidation();
  invalidation.feedUp();
  const reads = { triggers: 0, missions: 0 };
  const triggers = announcingTriggers(uc.triggers, invalidation);
  const missions = announcingMissions(uc.missions, invalidation);
  const cachedTriggers = withCachedTriggerPaths(
    overrideMethods(triggers, {
      findByWebhookPath: (path) => {
        reads.triggers++;
        return triggers.findByWebhookPath(path);
      },
    }),
    invalidation,
    10,
  );
  const cachedMissions = withCachedMissions(
    overrideMethods(missions, {
      findById: (id) => {
        reads.missions++;
        return missions.findById(id);
      },
    }),
    invalidation,
    10,
  );
  return {
    uc,
    invalidation,
    reads,
    trigger,
    mission,
    workspace,
    triggers,
    missions,
    cachedTriggers,
    cachedMissions,
  };
}

describe('ingest caches (on the in-memory adapters)', () => {
  it('a trigger is looked up by path once, and again after it is saved or deleted here', async () => {
    const w = await world();
    const path = w.trigger.webhookPath;
    expect((await w.cachedTriggers.findByWebhookPath(path))?.id).to.equal(w.trigger.id);
    await w.cachedTriggers.findByWebhookPath(path);
    expect(w.reads.triggers).to.equal(1);
    const rotated = await w.triggers.findById(w.trigger.id);
    if (!rotated) throw new Error('the trigger is gone');
    const secret = w.uc.webhookSecrets.newSigningSecret('platform');
    rotated.rotateSecret(secret, 0, w.uc.clock.now());
    await w.triggers.save(rotated);
    expect((await w.cachedTriggers.findByWebhookPath(path))?.signingSecret).to.equal(secret);
    await w.triggers.delete(w.trigger.id, w.uc.clock.now());
    expect((await w.cachedTriggers.findByWebhookPath(path))?.enabled ?? false).to.equal(false);
    expect(w.reads.triggers).to.equal(3);
  });

  it("a trigger is forgotten with its mission's or its workspace's changes, announced or made here", async () => {
    const w = await world();
    const path = w.trigger.webhookPath;
    await w.cachedTriggers.findByWebhookPath(path);
    await w.missions.update(w.mission);
    await w.cachedTriggers.findByWebhookPath(path);
    w.invalidation.announced(`workspace:${w.workspace.id}`);
    await w.cachedTriggers.findByWebhookPath(path);
    w.invalidation.announced(`trigger:${w.trigger.id}`);
    await w.cachedTriggers.findByWebhookPath(path);
    w.invalidation.announced(`trigger:${w.uc.ids.newId()}`);
    await w.cachedTriggers.findByWebhookPath(path);
    expect(w.reads.triggers).to.equal(4);
  });

  it('a mission is read once, and again after it is updated or deleted', async () => {
    const w = await world();
    await w.cachedMissions.findById(w.mission.id);
    await w.cachedMissions.findById(w.mission.id);
    expect(w.reads.missions).to.equal(1);
    await w.missions.update(w.mission);
    await w.cachedMissions.findById(w.mission.id);
    await w.missions.delete(w.mission.id);
    expect(await w.cachedMissions.findById(w.mission.id)).to.equal(undefined);
    expect(w.reads.missions).to.equal(3);
  });
});
