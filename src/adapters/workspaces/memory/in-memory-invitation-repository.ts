import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type {
  InvitationRepository,
  ReceivedInvitation,
} from '../../../application/workspaces/ports/invitation-repository.ts';
import type { Invitation, InvitationDecision } from '../../../domain/workspaces/invitation.ts';
import { identityTables } from '../../identity/index.ts';
import { pageOf } from '../../platform/memory/in-memory-page.ts';
import type { InMemoryStore } from '../../platform/memory/in-memory-store.ts';
import { workspaceTables } from './workspace-tables.ts';

const position = (invitation: Invitation) => invitation;

/** Workspace invitations in the store; a decision's check and its write are one synchronous step. */
export class InMemoryInvitationRepository implements InvitationRepository {
  readonly #store: InMemoryStore;

  constructor({ store }: { store: InMemoryStore }) {
    this.#store = store;
  }

  add(invitation: Invitation): Promise<void> {
    return this.#store.atomically(() => workspaceTables(this.#store).invitations.put(invitation));
  }

  findById(id: string): Promise<Invitation | undefined> {
    return this.#store.atomically(() => workspaceTables(this.#store).invitations.get(id));
  }

  countOpen(workspaceId: string, now: Date): Promise<number> {
    return this.#store.atomically(() => this.#openOf(workspaceId, now).length);
  }

  pageOpenForWorkspace(workspaceId: string, now: Date, page: PageRequest): Promise<Page<Invitation>> {
    return this.#store.atomically(() => pageOf(this.#openOf(workspaceId, now), position, page, 'asc'));
  }

  pageOpenFor(logins: readonly string[], now: Date, page: PageRequest): Promise<Page<ReceivedInvitation>> {
    return this.#store.atomically(() => {
      const received = workspaceTables(this.#store)
        .invitations.filter((i) => logins.includes(i.invitee) && i.isOpen(now))
        .flatMap((invitation) => {
          // Like the SQL join: an invitation whose workspace or sender is gone is not shown.
          const workspace = workspaceTables(this.#store).workspaces.get(invitation.workspaceId);
          const sender = identityTables(this.#store).users.get(invitation.invitedBy);
          if (!workspace || !sender) return [];
          return [{ invitation, workspaceName: workspace.name, invitedByName: sender.displayName }];
        });
      return pageOf(received, (r) => r.invitation, page, 'asc');
    });
  }

  decide(id: string, decision: InvitationDecision, now: Date): Promise<boolean> {
    return this.#store.atomically(() => {
      if (workspaceTables(this.#store).invitations.get(id)?.status !== 'pending') return false;
      workspaceTables(this.#store).invitations.update(id, (invitation) => {
        invitation.status = decision;
        invitation.decidedAt = now;
      });
      return true;
    });
  }

  async revokePendingTo(workspaceId: string, invitee: string, now: Date): Promise<void> {
    await this.#store.atomically(() => {
      const pending = workspaceTables(this.#store).invitations.filter(
        (i) => i.workspaceId === workspaceId && i.invitee === invitee && i.status === 'pending',
      );
      for (const { id } of pending) {
        workspaceTables(this.#store).invitations.update(id, (invitation) => {
          invitation.status = 'revoked';
          invitation.decidedAt = now;
        });
      }
    });
  }

  #openOf(workspaceId: string, now: Date): Invitation[] {
    return workspaceTables(this.#store).invitations.filter(
      (i) => i.workspaceId === workspaceId && i.isOpen(now),
    );
  }
}
