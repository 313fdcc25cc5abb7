import { assertAcceptablePassword, assertPasswordLength } from '../../domain/identity/password-policy.ts';
import type { CommonPasswords } from './ports/common-passwords.ts';

/**
 * The domain's rule for a password being set. The length comes first, so that no look-up (a remote
 * breached-password service included) ever sees an over-long password.
 */
export async function checkNewPassword(commonPasswords: CommonPasswords, password: string): Promise<void> {
  assertPasswordLength(password);
  assertAcceptablePassword(password, await commonPasswords.isCommon(password));
}
