import { TwoFactor, TwoFactorAlreadyEnabled } from '../../domain/identity/two-factor.ts';
import { NotFound } from '../../domain/kernel/errors.ts';
import { type Principal, personOf } from '../../domain/kernel/principal.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { SecretBox } from '../kernel/ports/secret-box.ts';
import type { QrCodes } from './ports/qr-codes.ts';
import type { TotpAuthenticator } from './ports/totp-authenticator.ts';
import type { TwoFactorRepository } from './ports/two-factor-repository.ts';
import type { UserRepository } from './ports/user-repository.ts';

export interface TotpEnrolment {
  /** The `otpauth://totp/...` URI with the secret: shown to the person only, never stored in clear or logged. */
  readonly otpauthUri: string;
  readonly qrSvg: string;
}

export type StartTotpEnrolment = (caller: Principal) => Promise<TotpEnrolment>;

/**
 * A new TOTP secret for the caller, pending until a first code confirms it (login asks for nothing until
 * then). Starting again replaces a pending secret; with 2FA already on it is a conflict (turn it off first).
 */
export function makeStartTotpEnrolment(deps: {
  users: UserRepository;
  twoFactors: TwoFactorRepository;
  totpAuthenticator: TotpAuthenticator;
  qrCodes: QrCodes;
  totpSecretBox: SecretBox;
  clock: Clock;
}): StartTotpEnrolment {
  return async (caller) => {
    const { userId } = personOf(caller);
    const user = await deps.users.findById(userId);
    if (!user) throw new NotFound('user');
    const secret = deps.totpAuthenticator.newSecret();
    const pending = new TwoFactor({
      userId,
      sealedSecret: deps.totpSecretBox.seal(secret, TwoFactor.sealingContext(userId)),
      enabledAt: null,
      lastUsedStep: null,
      recoveryCodeHashes: [],
      createdAt: deps.clock.now(),
    });
    if (!(await deps.twoFactors.putPending(pending))) throw new TwoFactorAlreadyEnabled();
    const otpauthUri = deps.totpAuthenticator.enrolmentUri(secret, user.email);
    return { otpauthUri, qrSvg: await deps.qrCodes.svg(otpauthUri) };
  };
}
