import { Secret, TOTP } from 'otpauth';
import type { TotpAuthenticator } from '../../../application/identity/ports/totp-authenticator.ts';
import {
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW_STEPS,
  totpStep,
} from '../../../domain/identity/two-factor.ts';

/** RFC 6238 through the `otpauth` package (its `validate` compares codes in constant time). */
export class OtpauthTotpAuthenticator implements TotpAuthenticator {
  readonly #issuer: string;

  /** `issuer` names this service in the app (the host of `PUBLIC_URL`). */
  constructor({ issuer }: { issuer: string }) {
    this.#issuer = issuer;
  }

  newSecret(): string {
    return new Secret({ size: 20 }).base32;
  }

  enrolmentUri(secret: string, accountName: string): string {
    return this.#totp(secret, accountName).toString();
  }

  stepOf(secret: string, code: string, now: Date): number | undefined {
    const delta = this.#totp(secret).validate({
      token: code,
      timestamp: now.getTime(),
      window: TOTP_WINDOW_STEPS,
    });
    return delta === null ? undefined : totpStep(now) + delta;
  }

  #totp(secret: string, label = 'account'): TOTP {
    return new TOTP({
      issuer: this.#issuer,
      label,
      algorithm: 'SHA1',
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_SECONDS,
      secret: Secret.fromBase32(secret),
    });
  }
}
