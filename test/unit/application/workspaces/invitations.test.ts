import { expect } from 'chai';
import { Forbidden, NotFound } from '../../../../src/domain/kernel/errors.ts';
import {
  EmailNotVerified,
  INVITATION_LIFETIME_SECONDS,
  MAX_OPEN_INVITATIONS,
  TooManyOpenInvitations,
} from '../../../../src/domain/workspaces/invitation.ts';
import { AlreadyMember } from '../../../../src/domain/workspaces/member-rules.ts';
import { fail } from '../../../support/fail.ts';
import { actor, useCases } from '../../../support/test-container.ts';

describe('workspace invitations', () => {
  async function team() {
    const app = await useCases();
    const [ada, bob, eve] = [await actor(app, 'ada'), await actor(app, 'bob'), await actor(app, 'eve')];
    const { workspace } = await app.createWorkspace(ada.principal, { name: 'Team' });
    const members = async () =>
      (await app.listMembers(ada.principal, workspace.id, { limit: 50 })).items.map((m) => m.username);
    return { app, ada, bob, eve, workspaceId: workspace.id, members };
  }

  it('invites alike whether or not an account has the name, and adds nobody by inviting', async () => {
    const { app, ada, workspaceId, members } = await team();
    const verifications = app.passwordHasher.verifications;
    const known = await app.inviteMember(ada.principal, workspaceId, {
      usernameOrEmail: ' Bob@Example.com ',
      role: 'owner',
    });
    app.clock.advance(1);
    const unknown = await app.inviteMember(ada.principal, workspaceId, {
      usernameOrEmail: 'nobody@example.com',
      role: 'owner',
    });
    const { id: _k, invitee: knownInvitee, createdAt: _kc, expiresAt: _ke, ...knownRest } = known;
    const { id: _u, invitee: unknownInvitee, createdAt: _uc, expiresAt: _ue, ...unknownRest } = unknown;
    expect(knownRest).to.deep.equal(unknownRest);
    expect([knownInvitee, unknownInvitee]).to.deep.equal(['bob@example.com', 'nobody@example.com']);
    expect(known).to.include({ status: 'pending', role: 'owner', invitedBy: ada.user.id });
    expect(known.expiresAt.getTime() - known.createdAt.getTime()).to.equal(
      INVITATION_LIFETIME_SECONDS * 1000,
    );
    expect(app.passwordHasher.verifications).to.equal(verifications);
    expect(await members()).to.deep.equal(['ada']);
    const open = await app.listInvitations(ada.principal, workspaceId, { limit: 50 });
    expect(open.items.map((i) => i.invitee)).to.deep.equal(['bob@example.com', 'nobody@example.com']);
  });

  it('lets owners only invite, list and revoke', async () => {
    const { app, ada, bob, eve, workspaceId } = await team();
    await app.inviteMember(ada.principal, workspaceId, { usernameOrEmail: 'bob', role: 'admin' });
    const invitation = (await app.listReceivedInvitations(bob.principal, { limit: 5 })).items[0]?.invitation;
    await app.acceptInvitation(bob.principal, invitation?.id ?? '');
    const input = { usernameOrEmail: 'eve', role: 'member' as const };
    expect(await fail(app.inviteMember(bob.principal, workspaceId, input))).to.be.instanceOf(Forbidden);
    expect(await fail(app.inviteMember(eve.principal, workspaceId, input))).to.be.instanceOf(NotFound);
    expect(await fail(app.listInvitations(bob.principal, workspaceId, { limit: 5 }))).to.be.instanceOf(
      Forbidden,
    );
    const sent = await app.inviteMember(ada.principal, workspaceId, input);
    expect(await fail(app.revokeInvitation(bob.principal, workspaceId, sent.id))).to.be.instanceOf(Forbidden);
    expect(await fail(app.revokeInvitation(ada.principal, ada.personal.id, sent.id))).to.be.instanceOf(
      NotFound,
    );
    await app.revokeInvitation(ada.principal, workspaceId, sent.id);
    expect(await fail(app.revokeInvitation(ada.principal, workspaceId, sent.id))).to.be.instanceOf(NotFound);
    expect(await fail(app.acceptInvitation(eve.principal, sent.id))).to.be.instanceOf(NotFound);
  });

  it('shows an invitation to the holder of its username or e-mail, who joins by accepting', async () => {
    const { app, ada, bob, eve, workspaceId, members } = await team();
    const byName = await app.inviteMember(ada.principal, workspaceId, {
      usernameOrEmail: 'BOB',
      role: 'admin',
    });
    const received = await app.listReceivedInvitations(bob.principal, { limit: 5 });
    expect(received.items).to.deep.equal([
      { invitation: byName, workspaceName: 'Team', invitedByName: 'ADA' },
    ]);
    expect((await app.listReceivedInvitations(eve.principal, { limit: 5 })).items).to.deep.equal([]);
    expect(await fail(app.acceptInvitation(eve.principal, byName.id))).to.be.instanceOf(NotFound);
    expect(await fail(app.acceptInvitation(ada.principal, byName.id))).to.be.instanceOf(NotFound);
    const joined = await app.acceptInvitation(bob.principal, byName.id);
    expect([joined.workspace.id, joined.role]).to.deep.equal([workspaceId, 'admin']);
    expect(await members()).to.deep.equal(['ada', 'bob']);
    expect(await fail(app.acceptInvitation(bob.principal, byName.id))).to.be.instanceOf(NotFound);
    expect((await app.listReceivedInvitations(bob.principal, { limit: 5 })).items).to.deep.equal([]);

    await app.users.markEmailVerified(bob.user.id, bob.user.email, app.clock.now());
    const again = await app.inviteMember(ada.principal, workspaceId, {
      usernameOrEmail: 'bob@example.com',
      role: 'member',
    });
    expect(await fail(app.acceptInvitation(bob.principal, again.id))).to.be.instanceOf(AlreadyMember);
    await app.declineInvitation(bob.principal, again.id);
    expect(await fail(app.declineInvitation(bob.principal, again.id))).to.be.instanceOf(NotFound);
  });

  it('gives an e-mail invitation only to an account that verified the address, whenever it was made', async () => {
    const { app, ada, workspaceId, members } = await team();
    // The holder registered before the invitation; a stranger registering the address first is alike.
    const holder = await actor(app, 'partner');
    app.clock.advance(1);
    const invitation = await app.inviteMember(ada.principal, workspaceId, {
      usernameOrEmail: 'partner@example.com',
      role: 'admin',
    });
    expect((await app.listReceivedInvitations(holder.principal, { limit: 5 })).items).to.deep.equal([]);
    expect(await fail(app.acceptInvitation(holder.principal, invitation.id))).to.be.instanceOf(
      EmailNotVerified,
    );
    expect(await fail(app.declineInvitation(holder.principal, invitation.id))).to.be.instanceOf(
      EmailNotVerified,
    );
    expect(await members()).to.deep.equal(['ada']);

    await app.users.markEmailVerified(holder.user.id, holder.user.email, app.clock.now());
    expect((await app.listReceivedInvitations(holder.principal, { limit: 5 })).items).to.have.length(1);
    await app.acceptInvitation(holder.principal, invitation.id);
    expect(await members()).to.deep.equal(['ada', 'partner']);
  });

  it('expires an invitation after 7 days, and replaces one sent again', async () => {
    const { app, ada, eve, workspaceId, members } = await team();
    const first = await app.inviteMember(ada.principal, workspaceId, {
      usernameOrEmail: 'eve',
      role: 'member',
    });
    const second = await app.inviteMember(ada.principal, workspaceId, {
      usernameOrEmail: 'EVE',
      role: 'admin',
    });
    expect(await fail(app.acceptInvitation(eve.principal, first.id)), 'replaced').to.be.instanceOf(NotFound);
    expect(
      (await app.listInvitations(ada.principal, workspaceId, { limit: 5 })).items.map((i) => i.id),
    ).to.deep.equal([second.id]);
    app.clock.advance(INVITATION_LIFETIME_SECONDS);
    expect(await fail(app.acceptInvitation(eve.principal, second.id)), 'expired').to.be.instanceOf(NotFound);
    expect((await app.listReceivedInvitations(eve.principal, { limit: 5 })).items).to.deep.equal([]);
    expect((await app.listInvitations(ada.principal, workspaceId, { limit: 5 })).items).to.deep.equal([]);
    expect(await members()).to.deep.equal(['ada']);
  });

  it(`keeps at most ${MAX_OPEN_INVITATIONS} invitations open per workspace`, async () => {
    const { app, ada, workspaceId } = await team();
    for (let i = 0; i < MAX_OPEN_INVITATIONS; i++) {
      await app.inviteMember(ada.principal, workspaceId, {
        usernameOrEmail: `guest${i}@example.com`,
        role: 'member',
      });
    }
    const over = { usernameOrEmail: 'one-more@example.com', role: 'member' as const };
    expect(await fail(app.inviteMember(ada.principal, workspaceId, over))).to.be.instanceOf(
      TooManyOpenInvitations,
    );
    // Sending one again replaces it: the count does not grow.
    await app.inviteMember(ada.principal, workspaceId, {
      usernameOrEmail: 'guest0@example.com',
      role: 'admin',
    });
  });
});
