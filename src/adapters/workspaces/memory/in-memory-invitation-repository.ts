import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type {
  InvitationRepository,
  ReceivedInvitation,
} from '../../../application/workspaces/ports/invitation-repository.ts';
import type {
  Invitation,
  InvitationDecision,
  InviteeAccount,
} from '../../../domain/workspaces/invitation.ts';
import { identityTables } from '../../identity/index.ts';
import { pageOf } from '../../platform/memory/in-memory-page.ts';
import { inMemoryRowRepository } from '../../platform/memory/in-memory-repository.ts';
import { workspaceTables } from './workspace-tables.ts';

const position = (invitation: Invitation) => invitation;

/** Workspace invitations in the store; a decision's check and its write are one synchronous step. */
export class InMemoryInvitationRepository
  extends inMemoryRowRepository(workspaceTables, (tables) => tables.invitations)
  implements InvitationRepository
{
  countOpen(workspaceId: string, now: Date): Promise<number> {
    return this.atomically(() => this.#openOf(workspaceId, now).length);
  }

  pageOpenForWorkspace(workspaceId: string, now: Date, page: PageRequest): Promise<Page<Invitation>> {
    return this.atomically(() => pageOf(this.#openOf(workspaceId, now), position, page, 'asc'));
  }

  pageOpenFor(account: InviteeAccount, now: Date, page: PageRequest): Promise<Page<ReceivedInvitation>> {
    return this.atomically(() => {
      const received = this.tables.invitations
        .filter((i) => i.isFor(account) && i.isOpen(now))
        .flatMap((invitation) => {
          // Like the SQL join: an invitation whose workspace or sender is gone is not shown.
          const workspace = this.tables.workspaces.get(invitation.workspaceId);
          const sender = identityTables(this.store).users.get(invitation.invitedBy);
          if (!workspace || !sender) return [];
          return [{ invitation, workspaceName: workspace.name, invitedByName: sender.displayName }];
        });
      return pageOf(received, (r) => r.invitation, page, 'asc');
    });
  }

  decide(id: string, decision: InvitationDecision, now: Date): Promise<boolean> {
    return this.atomically(() => {
      if (this.tables.invitations.get(id)?.status !== 'pending') return false;
      this.tables.invitations.update(id, (invitation) => {
        invitation.status = decision;
        invitation.decidedAt = now;
      });
      return true;
    });
  }

  async revokePendingTo(workspaceId: string, invitee: string, now: Date): Promise<void> {
    await this.atomically(() => {
      const pending = this.tables.invitations.filter(
        (i) => i.workspaceId === workspaceId && i.invitee === invitee && i.status === 'pending',
      );
      for (const { id } of pending) {
        this.tables.invitations.update(id, (invitation) => {
          invitation.status = 'revoked';
          invitation.decidedAt = now;
        });
      }
    });
  }

  #openOf(workspaceId: string, now: Date): Invitation[] {
    return this.tables.invitations.filter((i) => i.workspaceId === workspaceId && i.isOpen(now));
  }
}
