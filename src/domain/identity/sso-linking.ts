import type { ProviderProfile } from './linked-identity.ts';
import { SsoAccountRefused } from './sso-errors.ts';
import { canonicalLogin, type User } from './user.ts';

/** What to do with a provider identity that no link names yet. */
export type LinkDecision =
  | { readonly action: 'link'; readonly user: User }
  | { readonly action: 'create'; readonly email: string };

/**
 * The linking rules of single sign-on (CONTRACT section 14: "linked by a verified e-mail only").
 * - The provider must say it verified the address; an unverified claim links nothing and creates nothing.
 * - An existing account is linked only when its own address is verified with us too: an unverified address
 *   may have been typed by anyone, and linking to it would hand them (or the provider's user) the account.
 * - An account already linked to another identity of the same provider is not linked again: one person at a
 *   provider, one link, so a second provider account with the same address cannot slip in beside it.
 * - No account with the address: a new one, when sign-up through this provider is allowed.
 */
export function decideLink(input: {
  readonly profile: ProviderProfile;
  readonly providerName: string;
  readonly existing: User | undefined;
  readonly existingLinkedHere: boolean;
  readonly signupAllowed: boolean;
}): LinkDecision {
  const { profile, providerName, existing } = input;
  if (!profile.email || !profile.emailVerified) {
    throw new SsoAccountRefused(
      `${providerName} did not confirm a verified e-mail address for your account; verify one there and try again`,
    );
  }
  const email = canonicalLogin(profile.email);
  if (!existing) {
    if (!input.signupAllowed) {
      throw new SsoAccountRefused(
        `no account here uses ${email}, and new accounts cannot be created with ${providerName}`,
      );
    }
    return { action: 'create', email };
  }
  if (existing.disabled) throw new SsoAccountRefused();
  if (!existing.emailVerified) {
    throw new SsoAccountRefused(
      `an account here uses ${email} but has not verified it; sign in with your password and verify the address first`,
    );
  }
  if (input.existingLinkedHere) {
    throw new SsoAccountRefused(
      `your account is already linked to another ${providerName} account; sign in with that one`,
    );
  }
  return { action: 'link', user: existing };
}
