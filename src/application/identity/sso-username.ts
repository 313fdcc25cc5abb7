import type { ProviderProfile } from '../../domain/identity/linked-identity.ts';
import { canonicalLogin } from '../../domain/identity/user.ts';

/**
 * Usernames to try, in order, for an account made at a first sign-in: the provider's login name (or the
 * address's local part) made to fit `parseUsername`'s rules, then the same with a number.
 */
export function* usernameCandidates(profile: ProviderProfile, email: string): Generator<string> {
  const hint = profile.username ?? email.slice(0, email.indexOf('@'));
  let base = canonicalLogin(hint)
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 56);
  if (base.length < 3) base = `user-${base}`.replace(/-$/, '');
  yield base;
  for (let n = 2; n <= 20; n++) yield `${base}-${n}`;
}
