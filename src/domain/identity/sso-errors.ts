import { errorClass } from '../kernel/errors.ts';

/**
 * The provider's answer did not prove who is signing in: a `state` that is not the one this browser was sent
 * with, a code already used or not ours, an ID token with the wrong nonce, a cancelled sign-in. Nothing is
 * signed in; the message is safe to show.
 */
export class SsoRejected extends errorClass(
  'invalid',
  'sso_rejected',
  'the sign-in could not be completed; start it again from the sign-in page',
) {}

/** The provider proved who this is, but our rules do not let them in (no verified address, no sign-up...). */
export class SsoAccountRefused extends errorClass(
  'forbidden',
  'sso_account_refused',
  'this account cannot be signed in with that provider',
) {}
