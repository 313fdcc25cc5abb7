import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { NewUserListener } from '../../../src/application/identity/ports/new-user-listener.ts';
import type { User } from '../../../src/domain/identity/user.ts';
import { ADA, testContainer } from '../../support/test-container.ts';

/** A new person: the PostgreSQL database is shared by the whole test run. */
const someone = () => {
  const username = `u${randomUUID().slice(0, 8)}`;
  return { ...ADA, username, email: `${username}@example.com` };
};

for (const persistence of ['memory', 'postgres'] as const) {
  describe(`register user with the personal workspace the workspaces area makes (${persistence})`, () => {
    it('stores the user with a personal workspace they own', async function () {
      this.timeout(20_000);
      const { cradle } = await testContainer({ persistence });
      const user = await cradle.registerUser(someone());
      const [personal, ...others] = await cradle.workspaces.listForUser(user.id);
      expect(others).to.deep.equal([]);
      expect(personal?.role).to.equal('owner');
      expect(personal?.workspace).to.include({ name: `${user.username}'s workspace`, personal: true });
      expect(personal?.workspace.createdAt).to.deep.equal(user.createdAt);
    });

    it('stores neither the user nor the workspace when a new-user listener fails (one transaction)', async function () {
      this.timeout(20_000);
      let seen: User | undefined;
      const failing = async (user: User) => {
        seen = user;
        throw new Error('listener failed');
      };
      // Registered as a value: the container hands this very array to the use case, filled in below.
      const listeners: NewUserListener[] = [];
      const { cradle } = await testContainer({ persistence, doubles: { newUserListeners: listeners } });
      listeners.push(cradle.createPersonalWorkspace, failing);
      const input = someone();
      const error = await cradle.registerUser(input).catch((e: unknown) => e);
      expect(error).to.have.property('message', 'listener failed');
      expect(await cradle.users.findByLogin(input.username)).to.equal(undefined);
      expect(await cradle.workspaces.listForUser(seen?.id ?? '')).to.deep.equal([]);
    });
  });
}
