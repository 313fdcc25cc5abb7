import { canonicalLogin } from '../identity/index.ts';
import { Conflict, errorClass, InvalidInput } from '../kernel/errors.ts';
import type { Role } from '../kernel/roles.ts';

/** An invitation can be accepted for 7 days. */
export const INVITATION_LIFETIME_SECONDS = 7 * 86_400;
/** Open invitations a workspace may have at once: invitations to unknown addresses are kept too. */
export const MAX_OPEN_INVITATIONS = 100;

export class TooManyOpenInvitations extends Conflict {
  constructor() {
    super(`a workspace may have at most ${MAX_OPEN_INVITATIONS} open invitations; revoke some first`);
  }
}

export type InvitationStatus = 'pending' | 'accepted' | 'declined' | 'revoked';
/** How an open invitation is closed. */
export type InvitationDecision = Exclude<InvitationStatus, 'pending'>;

export interface InvitationProps {
  readonly id: string;
  readonly workspaceId: string;
  /**
   * The username or e-mail the owner typed, canonical. Never resolved to an account when inviting: whether
   * one exists is learnt by nobody but its holder, who sees the invitation.
   */
  readonly invitee: string;
  readonly role: Role;
  readonly invitedBy: string;
  readonly status: InvitationStatus;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly decidedAt: Date | null;
}

/** 403 `email_not_verified`: the invitation is to the caller's e-mail, which they have not proven to own yet. */
export class EmailNotVerified extends errorClass(
  'forbidden',
  'email_not_verified',
  'this invitation is to your e-mail address, which is not verified yet: follow the link of the verification e-mail (POST /api/auth/verify-email/resend sends another), then accept or decline it',
) {}

/** Who an invitation may be for: an account's username and e-mail, and whether that address is verified. */
export interface InviteeAccount {
  readonly username: string;
  readonly email: string;
  /** When the account proved it owns `email`; null while it has not. */
  readonly emailVerifiedAt: Date | null;
}

/**
 * How an invitation relates to an account: addressed to it; to its e-mail, not verified yet (so not to it);
 * or to someone else.
 */
export type Addressee = 'invitee' | 'unverified_address' | 'other';

/** An owner's offer of a role in a workspace: the invitee becomes a member only by accepting it. */
export class Invitation {
  id!: string;
  workspaceId!: string;
  invitee!: string;
  role!: Role;
  invitedBy!: string;
  status!: InvitationStatus;
  createdAt!: Date;
  expiresAt!: Date;
  decidedAt!: Date | null;

  constructor(props: InvitationProps) {
    Object.assign(this, props);
  }

  static issue(
    props: { id: string; workspaceId: string; invitee: string; role: Role; invitedBy: string },
    now: Date,
  ): Invitation {
    const invitee = canonicalLogin(props.invitee);
    if (invitee.length === 0 || invitee.length > 320) {
      throw new InvalidInput('username_or_email must be 1 to 320 characters');
    }
    return new Invitation({
      ...props,
      invitee,
      status: 'pending',
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_SECONDS * 1000),
      decidedAt: null,
    });
  }

  /** Still to be decided: pending and not expired. */
  isOpen(now: Date): boolean {
    return this.status === 'pending' && now.getTime() < this.expiresAt.getTime();
  }

  /**
   * Addressed to this person: their username is the invitee, or their e-mail is and they have verified it.
   * An unverified address proves nothing: whoever registered it first (a stranger signing up with a partner's
   * address, say) must not join the workspace, whenever the account was made.
   */
  addresseeOf(user: InviteeAccount): Addressee {
    if (this.invitee === user.username) return 'invitee';
    if (this.invitee !== user.email) return 'other';
    return user.emailVerifiedAt === null ? 'unverified_address' : 'invitee';
  }

  isFor(user: InviteeAccount): boolean {
    return this.addresseeOf(user) === 'invitee';
  }
}
