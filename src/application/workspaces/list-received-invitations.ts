import { type Principal, personOf } from '../../domain/kernel/principal.ts';
import type { UserRepository } from '../identity/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { Page, PageRequest } from '../kernel/ports/page.ts';
import type { InvitationRepository, ReceivedInvitation } from './ports/invitation-repository.ts';

export type ListReceivedInvitations = (
  principal: Principal,
  page: PageRequest,
) => Promise<Page<ReceivedInvitation>>;

/** The caller's open invitations (see Invitation.isFor), oldest first. */
export function makeListReceivedInvitations(deps: {
  invitations: InvitationRepository;
  users: UserRepository;
  clock: Clock;
}): ListReceivedInvitations {
  return async (principal, page) => {
    const user = await deps.users.findById(personOf(principal).userId);
    if (!user) return { items: [], next: null };
    return deps.invitations.pageOpenFor(user, deps.clock.now(), page);
  };
}
