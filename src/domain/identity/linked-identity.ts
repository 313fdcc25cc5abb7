/** A person's account at an outside identity provider, linked to one of our users. */
export interface LinkedIdentityProps {
  readonly id: string;
  readonly userId: string;
  /** The operator's id of the provider (`OIDC_PROVIDERS[].id`). */
  readonly provider: string;
  /** The provider's stable identifier of the person (`sub`, or GitHub's numeric user id). */
  readonly subject: string;
  /** The verified address that linked it, as it was then (for the audit trail; never used to sign in). */
  readonly email: string;
  readonly createdAt: Date;
}

/**
 * Once linked, the provider's (provider, subject) pair signs the user in whatever the provider later says about
 * the e-mail address: an address changed or reassigned at the provider does not move the link.
 */
export class LinkedIdentity {
  id!: string;
  userId!: string;
  provider!: string;
  subject!: string;
  email!: string;
  createdAt!: Date;

  constructor(props: LinkedIdentityProps) {
    Object.assign(this, props);
  }
}

/** What a provider vouches for about the person who just signed in there. */
export interface ProviderProfile {
  readonly subject: string;
  /** The address the provider gives, if any; canonical form is for the caller to make. */
  readonly email: string | undefined;
  /** Only `true` when the provider says it verified `email` (OIDC `email_verified`, GitHub's `verified`). */
  readonly emailVerified: boolean;
  readonly name: string | undefined;
  /** A login name at the provider (`preferred_username`, GitHub's `login`), a hint for a new username. */
  readonly username: string | undefined;
}
