import type { LinkedIdentityRepository } from '../../../application/identity/ports/linked-identity-repository.ts';
import type { LinkedIdentity } from '../../../domain/identity/linked-identity.ts';
import { Conflict } from '../../../domain/kernel/errors.ts';
import { inMemoryRepository } from '../../platform/memory/in-memory-repository.ts';
import { identityTables } from './identity-tables.ts';

/** Linked identities in the store; the two uniqueness rules are checked in the same atomic step as the insert. */
export class InMemoryLinkedIdentityRepository
  extends inMemoryRepository(identityTables)
  implements LinkedIdentityRepository
{
  async findBySubject(provider: string, subject: string): Promise<LinkedIdentity | undefined> {
    return this.tables.linkedIdentities.find((l) => l.provider === provider && l.subject === subject);
  }

  async isLinked(userId: string, provider: string): Promise<boolean> {
    return this.tables.linkedIdentities.some((l) => l.userId === userId && l.provider === provider);
  }

  add(identity: LinkedIdentity): Promise<void> {
    return this.atomically(({ linkedIdentities }) => {
      const taken = linkedIdentities.some(
        (l) =>
          l.provider === identity.provider &&
          (l.subject === identity.subject || l.userId === identity.userId),
      );
      if (taken) throw new Conflict('that identity or account is linked already');
      linkedIdentities.put(identity);
    });
  }

  async listForUser(userId: string): Promise<LinkedIdentity[]> {
    return this.tables.linkedIdentities
      .filter((l) => l.userId === userId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }
}
