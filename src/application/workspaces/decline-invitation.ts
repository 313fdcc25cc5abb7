import { NotFound } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { type InvitationForDeps, openInvitationFor } from './open-invitation-for.ts';

export type DeclineInvitation = (principal: Principal, invitationId: string) => Promise<void>;

/** The invitee turns the invitation down; the inviting owners see it leave their open invitations. */
export function makeDeclineInvitation(deps: InvitationForDeps): DeclineInvitation {
  return async (principal, invitationId) => {
    await openInvitationFor(deps, principal, invitationId);
    if (!(await deps.invitations.decide(invitationId, 'declined', deps.clock.now()))) {
      throw new NotFound('invitation');
    }
  };
}
