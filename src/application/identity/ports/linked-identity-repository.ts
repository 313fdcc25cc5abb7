import type { LinkedIdentity } from '../../../domain/identity/linked-identity.ts';

/** Links between outside identities and users. Joins the surrounding `UnitOfWork` transaction. */
export interface LinkedIdentityRepository {
  /** The link of the provider's `subject`, if any (an indexed lookup). */
  findBySubject(provider: string, subject: string): Promise<LinkedIdentity | undefined>;
  /** True when the user has any link to `provider`. */
  isLinked(userId: string, provider: string): Promise<boolean>;
  /**
   * Stores the link. Throws Conflict when the (provider, subject) pair or the (user, provider) pair is linked
   * already (adapters rely on unique indexes, so two concurrent first sign-ins cannot both link).
   */
  add(identity: LinkedIdentity): Promise<void>;
  /** The user's links, oldest first. */
  listForUser(userId: string): Promise<LinkedIdentity[]>;
}
