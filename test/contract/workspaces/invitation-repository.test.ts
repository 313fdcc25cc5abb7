import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { InvitationRepository } from '../../../src/application/workspaces/ports/invitation-repository.ts';
import { INVITATION_LIFETIME_SECONDS, Invitation } from '../../../src/domain/workspaces/invitation.ts';
import { at, describeContract, seedUser, T0 } from '../../support/persistence-world.ts';

describeContract('InvitationRepository', (world) => {
  let invitations: InvitationRepository;
  let owner: Awaited<ReturnType<typeof seedUser>>;

  const invite = (invitee: string, createdAt = T0, workspaceId = owner.workspace.id) =>
    Invitation.issue(
      { id: randomUUID(), workspaceId, invitee, role: 'admin', invitedBy: owner.user.id },
      createdAt,
    );
  const stored = async (...list: Invitation[]) => {
    for (const invitation of list) await invitations.add(invitation);
    return list;
  };

  beforeEach(async () => {
    invitations = world.invitations;
    owner = await seedUser(world);
  });

  it('stores an invitation and reads it back field for field; an unknown id is undefined', async () => {
    const [invitation] = await stored(invite('bob@example.com'));
    expect(await invitations.findById(invitation?.id ?? '')).to.deep.equal(invitation);
    expect(await invitations.findById(randomUUID())).to.equal(undefined);
  });

  it("pages and counts a workspace's open invitations only, oldest first", async () => {
    const [a, b, c, closed, expired] = await stored(
      invite('a@example.com', at(1)),
      invite('b@example.com', at(2)),
      invite('c@example.com', at(3)),
      invite('d@example.com', at(4)),
      invite('e@example.com', at(-INVITATION_LIFETIME_SECONDS)),
    );
    await stored(invite('x@example.com', at(1), (await seedUser(world)).workspace.id));
    await invitations.decide(closed?.id ?? '', 'declined', at(5));
    const now = at(10);
    expect(await invitations.countOpen(owner.workspace.id, now)).to.equal(3);
    const first = await invitations.pageOpenForWorkspace(owner.workspace.id, now, { limit: 2 });
    expect(first.items).to.deep.equal([a, b]);
    const rest = await invitations.pageOpenForWorkspace(owner.workspace.id, now, {
      limit: 2,
      after: first.next ?? undefined,
    });
    expect(rest).to.deep.equal({ items: [c], next: null });
    expect(expired?.isOpen(now)).to.equal(false);
  });

  it('finds the open invitations addressed to the username, or to the e-mail once it is verified', async () => {
    const other = await seedUser(world);
    // The PostgreSQL test database is shared by the whole run: names of this test's own.
    const name = `bob${randomUUID().slice(0, 8)}`;
    const email = `${name}@example.com`;
    const [byName, byEmail] = await stored(
      invite(name, at(1)),
      invite(email, at(2), other.workspace.id),
      invite(`carol${name}`, at(3)),
    );
    const [declined] = await stored(invite(name, at(4), other.workspace.id));
    await invitations.decide(declined?.id ?? '', 'declined', at(5));
    const account = { username: name, email, emailVerifiedAt: at(20) };
    const received = await invitations.pageOpenFor(account, at(10), { limit: 10 });
    expect(received).to.deep.equal({
      items: [
        { invitation: byName, workspaceName: owner.workspace.name, invitedByName: owner.user.displayName },
        { invitation: byEmail, workspaceName: other.workspace.name, invitedByName: owner.user.displayName },
      ],
      next: null,
    });
    const paged = await invitations.pageOpenFor(account, at(10), { limit: 1 });
    expect([paged.items.length, paged.next?.createdAt, paged.next?.id]).to.deep.equal([1, at(1), byName?.id]);
    const byNameOnly = { ...account, email: `none${name}@example.com` };
    expect(
      (await invitations.pageOpenFor(byNameOnly, at(1 + INVITATION_LIFETIME_SECONDS), { limit: 5 })).items,
    ).to.be.empty;
    // An account whose e-mail is not verified does not get the invitations to it (its username's it does).
    const unverified = { ...account, emailVerifiedAt: null };
    expect((await invitations.pageOpenFor(unverified, at(10), { limit: 10 })).items).to.deep.equal([
      { invitation: byName, workspaceName: owner.workspace.name, invitedByName: owner.user.displayName },
    ]);
  });

  it('decides once: of concurrent decisions exactly one wins, and it is recorded', async () => {
    const [invitation] = await stored(invite('bob'));
    const id = invitation?.id ?? '';
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        invitations.decide(id, i % 2 ? 'accepted' : 'declined', at(i + 1)),
      ),
    );
    expect(results.filter(Boolean)).to.have.lengthOf(1);
    const winner = results.indexOf(true);
    expect(await invitations.findById(id)).to.deep.include({
      status: winner % 2 ? 'accepted' : 'declined',
      decidedAt: at(winner + 1),
    });
    expect(await invitations.decide(randomUUID(), 'revoked', at(20))).to.equal(false);
  });

  it("revokes the workspace's pending invitations to one invitee only", async () => {
    const otherWorkspace = (await seedUser(world)).workspace.id;
    const [mine, again, someoneElse, elsewhere] = await stored(
      invite('bob'),
      invite('bob', at(1)),
      invite('carol'),
      invite('bob', T0, otherWorkspace),
    );
    await invitations.revokePendingTo(owner.workspace.id, 'bob', at(5));
    for (const revoked of [mine, again]) {
      expect(await invitations.findById(revoked?.id ?? '')).to.deep.include({
        status: 'revoked',
        decidedAt: at(5),
      });
    }
    for (const kept of [someoneElse, elsewhere]) {
      expect((await invitations.findById(kept?.id ?? ''))?.status).to.equal('pending');
    }
  });

  it('goes with its workspace', async () => {
    const { workspace } = await seedUser(world);
    const [invitation] = await stored(invite('bob', T0, workspace.id));
    await world.workspaces.delete(workspace.id);
    expect(await invitations.findById(invitation?.id ?? '')).to.equal(undefined);
  });

  it('hands out copies: changing an invitation read or stored changes nothing stored', async () => {
    const [invitation] = await stored(invite('bob'));
    if (!invitation) throw new Error('not stored');
    invitation.status = 'accepted';
    const read = await invitations.findById(invitation.id);
    if (!read) throw new Error('not stored');
    read.role = 'owner';
    expect(await invitations.findById(invitation.id)).to.deep.include({ status: 'pending', role: 'admin' });
  });
});
