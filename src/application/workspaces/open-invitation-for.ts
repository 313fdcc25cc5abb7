import { NotFound } from '../../domain/kernel/errors.ts';
import { type Principal, personOf } from '../../domain/kernel/principal.ts';
import { EmailNotVerified, type Invitation } from '../../domain/workspaces/invitation.ts';
import type { UserRepository } from '../identity/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { InvitationRepository } from './ports/invitation-repository.ts';

export interface InvitationForDeps {
  readonly invitations: InvitationRepository;
  readonly users: UserRepository;
  readonly clock: Clock;
}

/**
 * The open invitation `invitationId` when it is addressed to the caller; anything else (unknown, closed,
 * expired, someone else's, the inviting owner's too) is NotFound, so an invitation shows to nobody else. One to
 * the caller's e-mail while that address is not verified is EmailNotVerified (403): its holder learns what to do,
 * and nobody else learns anything (they would need the address and the invitation's id).
 */
export async function openInvitationFor(
  deps: InvitationForDeps,
  principal: Principal,
  invitationId: string,
): Promise<Invitation> {
  const [invitation, user] = await Promise.all([
    deps.invitations.findById(invitationId),
    deps.users.findById(personOf(principal).userId),
  ]);
  const addressee = invitation && user ? invitation.addresseeOf(user) : 'other';
  if (!invitation || addressee === 'other' || !invitation.isOpen(deps.clock.now())) {
    throw new NotFound('invitation');
  }
  if (addressee === 'unverified_address') throw new EmailNotVerified();
  return invitation;
}
