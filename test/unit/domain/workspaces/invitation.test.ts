import { expect } from 'chai';
import { Invitation } from '../../../../src/domain/workspaces/invitation.ts';

const T0 = new Date('2026-11-21T12:00:00.000Z');
const later = new Date(T0.getTime() + 3_600_000);
const invitationTo = (invitee: string) =>
  Invitation.issue({ id: 'i', workspaceId: 'w', invitee, role: 'member', invitedBy: 'o' }, T0);
const account = (emailVerifiedAt: Date | null, email = 'ann@example.com') => ({
  username: 'ann',
  email,
  emailVerifiedAt,
});

describe('Invitation: who it is for', () => {
  it('is for the account with the invited username, verified or not', () => {
    const invitation = invitationTo('Ann');
    expect(invitation.addresseeOf(account(null))).to.equal('invitee');
    expect(invitation.isFor(account(later))).to.equal(true);
  });

  it('is for an account holding the invited e-mail only once that address is verified, whenever the account was made', () => {
    const invitation = invitationTo('ANN@example.com');
    expect(invitation.addresseeOf(account(later))).to.equal('invitee');
    expect(invitation.isFor(account(later))).to.equal(true);
    // The address not proven yet: whoever registered it (a stranger first, say) does not get the invitation.
    expect(invitation.addresseeOf(account(null))).to.equal('unverified_address');
    expect(invitation.isFor(account(null))).to.equal(false);
  });

  it('is for nobody else: another address, verified or not', () => {
    const invitation = invitationTo('bob@example.com');
    expect(invitation.addresseeOf(account(later))).to.equal('other');
    expect(invitation.addresseeOf(account(null))).to.equal('other');
    expect(invitation.isFor(account(T0))).to.equal(false);
  });
});
