import type {
  Invitation,
  InvitationDecision,
  InviteeAccount,
} from '../../../domain/workspaces/invitation.ts';
import type { Page, PageRequest } from '../../kernel/ports/page.ts';

/** An invitation as its invitee sees it: with the workspace's name and who sent it. */
export interface ReceivedInvitation {
  readonly invitation: Invitation;
  readonly workspaceName: string;
  readonly invitedByName: string;
}

export interface InvitationRepository {
  add(invitation: Invitation): Promise<void>;
  findById(id: string): Promise<Invitation | undefined>;
  /** How many invitations of the workspace are open (pending, not past `expiresAt`) at `now`. */
  countOpen(workspaceId: string, now: Date): Promise<number>;
  /** The workspace's open invitations at `now`, oldest first by (createdAt, id). */
  pageOpenForWorkspace(workspaceId: string, now: Date, page: PageRequest): Promise<Page<Invitation>>;
  /**
   * The open invitations at `now` for `account` (see Invitation.isFor: to its username, or to its e-mail once
   * that address is verified), oldest first by (createdAt, id).
   */
  pageOpenFor(account: InviteeAccount, now: Date, page: PageRequest): Promise<Page<ReceivedInvitation>>;
  /**
   * Closes the invitation with `decision` at `now` only if it is still pending (compare-and-set: of two
   * concurrent decisions exactly one wins); false otherwise.
   */
  decide(id: string, decision: InvitationDecision, now: Date): Promise<boolean>;
  /** Revokes the workspace's pending invitations to `invitee` (an invitation sent again replaces them). */
  revokePendingTo(workspaceId: string, invitee: string, now: Date): Promise<void>;
}
