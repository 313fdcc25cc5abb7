import { expect } from 'chai';
import { InvalidInput } from '../../../src/domain/kernel/errors.ts';
import { fail } from '../../support/fail.ts';
import { WORLDS } from '../../support/persistence-world.ts';
import { actor } from '../../support/test-container.ts';

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';

/**
 * Text a use case stores is checked by the domain, not only by the HTTP layer: the CLI and jobs reach the
 * same use cases, and PostgreSQL would refuse U+0000 (or silently alter a lone surrogate) where memory keeps it.
 */
for (const [adapter, makeWorld] of WORLDS) {
  describe(`storable text in every use case that stores it (${adapter})`, () => {
    for (const bad of [NUL, LONE_SURROGATE]) {
      const shown = JSON.stringify(bad);

      it(`refuses ${shown} in user, workspace, mission and trigger names and e-mails, storing nothing`, async () => {
        const app = await makeWorld();
        const ada = await actor(app);
        const register = (fields: object) =>
          app.registerUser({
            username: 'eve',
            email: 'eve@example.com',
            password: 'eve has a long password',
            ...fields,
          });
        expect(await fail(register({ displayName: bad }))).to.be.instanceOf(InvalidInput);
        expect(await fail(register({ email: `${bad}@example.com` }))).to.be.instanceOf(InvalidInput);
        expect(await app.users.isLoginTaken('eve')).to.equal(false);
        expect(await fail(app.createWorkspace(ada.principal, { name: bad }))).to.be.instanceOf(InvalidInput);
        const workspaceId = ada.personal.id;
        const missionInput = { workspaceId, name: 'ok', description: null, definition: {} };
        expect(await fail(app.createMission(ada.principal, { ...missionInput, name: bad }))).to.be.instanceOf(
          InvalidInput,
        );
        expect(
          await fail(app.createMission(ada.principal, { ...missionInput, description: bad })),
        ).to.be.instanceOf(InvalidInput);
        const mission = await app.createMission(ada.principal, missionInput);
        expect(
          await fail(app.createTrigger(ada.principal, { missionId: mission.id, name: bad })),
        ).to.be.instanceOf(InvalidInput);
        expect((await app.listMissions(ada.principal, workspaceId, { limit: 10 })).items).to.have.lengthOf(1);
      });

      it(`refuses ${shown} in a failed run's error and leaves the run running`, async () => {
        const app = await makeWorld();
        const ada = await actor(app);
        const mission = await app.createMission(ada.principal, {
          workspaceId: ada.personal.id,
          name: 'm',
          description: null,
          definition: {},
        });
        const run = await app.startRun(ada.principal, mission.id, {});
        await app.claimRun(ada.principal, { workspaceId: ada.personal.id });
        for (const error of [{ message: bad }, { code: bad, message: 'boom' }]) {
          const outcome = { status: 'failed' as const, error };
          expect(await fail(app.completeRun(ada.principal, run.id, outcome))).to.be.instanceOf(InvalidInput);
        }
        expect((await app.getRun(ada.principal, run.id)).status).to.equal('running');
      });
    }
  });
}
