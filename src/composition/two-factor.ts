import { HmacMfaTokens } from '../adapters/identity/crypto/hmac-mfa-tokens.ts';
import { HmacRecoveryCodes } from '../adapters/identity/crypto/hmac-recovery-codes.ts';
import { OtpauthTotpAuthenticator } from '../adapters/identity/crypto/otpauth-totp-authenticator.ts';
import { totpSecretBox } from '../adapters/identity/crypto/totp-secret-box.ts';
import { InMemoryTwoFactorRepository } from '../adapters/identity/memory/in-memory-two-factor-repository.ts';
import { PostgresTwoFactorRepository } from '../adapters/identity/postgres/postgres-two-factor-repository.ts';
import { QrcodeSvgQrCodes } from '../adapters/identity/qrcode-svg-qr-codes.ts';
import { type CompleteMfaLogin, makeCompleteMfaLogin } from '../application/identity/complete-mfa-login.ts';
import {
  type CompleteMfaSignIn,
  makeCompleteMfaSignIn,
} from '../application/identity/complete-mfa-sign-in.ts';
import {
  type ConfirmTotpEnrolment,
  makeConfirmTotpEnrolment,
} from '../application/identity/confirm-totp-enrolment.ts';
import { type DisableTotp, makeDisableTotp } from '../application/identity/disable-totp.ts';
import {
  type GetTwoFactorStatus,
  makeGetTwoFactorStatus,
} from '../application/identity/get-two-factor-status.ts';
import { makePassMfaChallenge, type PassMfaChallenge } from '../application/identity/pass-mfa-challenge.ts';
import type { MfaTokens } from '../application/identity/ports/mfa-tokens.ts';
import type { QrCodes } from '../application/identity/ports/qr-codes.ts';
import type { RecoveryCodes } from '../application/identity/ports/recovery-codes.ts';
import type { TotpAuthenticator } from '../application/identity/ports/totp-authenticator.ts';
import type { TwoFactorRepository } from '../application/identity/ports/two-factor-repository.ts';
import {
  makeRequireSecondFactor,
  type RequireSecondFactor,
} from '../application/identity/require-second-factor.ts';
import { makeResetTwoFactor, type ResetTwoFactor } from '../application/identity/reset-two-factor.ts';
import {
  makeStartTotpEnrolment,
  type StartTotpEnrolment,
} from '../application/identity/start-totp-enrolment.ts';
import {
  makeVerifySecondFactor,
  type VerifySecondFactor,
} from '../application/identity/verify-second-factor.ts';
import type { SecretBox } from '../application/kernel/ports/secret-box.ts';
import type { AreaContext } from './area.ts';
import type { ThroughIdentity } from './identity.ts';
import { adaptersFor } from './persistence.ts';
import { type Registrations, registrar } from './registration.ts';

/** The identity area's two-factor login (TOTP, recovery codes, the `mfa_token` step): part of its slice. */
export interface TwoFactorCradle {
  twoFactors: TwoFactorRepository;
  /** Seals TOTP secrets at rest, under a key of their own. */
  totpSecretBox: SecretBox;
  totpAuthenticator: TotpAuthenticator;
  qrCodes: QrCodes;
  mfaTokens: MfaTokens;
  recoveryCodes: RecoveryCodes;
  requireSecondFactor: RequireSecondFactor;
  verifySecondFactor: VerifySecondFactor;
  passMfaChallenge: PassMfaChallenge;
  completeMfaLogin: CompleteMfaLogin;
  completeMfaSignIn: CompleteMfaSignIn;
  startTotpEnrolment: StartTotpEnrolment;
  confirmTotpEnrolment: ConfirmTotpEnrolment;
  disableTotp: DisableTotp;
  getTwoFactorStatus: GetTwoFactorStatus;
  resetTwoFactor: ResetTwoFactor;
}

const { singleton, instance, value } = registrar<ThroughIdentity>();
const { stored } = adaptersFor<ThroughIdentity>();

/** Registered by the identity module beside its own (`...registerTwoFactor(context)`). */
export function registerTwoFactor({ config, persistence }: AreaContext): Registrations<TwoFactorCradle> {
  return {
    twoFactors: singleton(
      stored(persistence, {
        postgres: ({ db }) => new PostgresTwoFactorRepository({ db }),
        memory: (store) => new InMemoryTwoFactorRepository({ store }),
      }),
    ),
    // The service as authenticator apps list it: the host people reach it by.
    totpSecretBox: singleton(({ masterKey }) => totpSecretBox(masterKey)),
    totpAuthenticator: value(new OtpauthTotpAuthenticator({ issuer: new URL(config.publicUrl).host })),
    qrCodes: value(new QrcodeSvgQrCodes()),
    mfaTokens: instance(HmacMfaTokens),
    recoveryCodes: instance(HmacRecoveryCodes),
    requireSecondFactor: singleton(makeRequireSecondFactor),
    verifySecondFactor: singleton(makeVerifySecondFactor),
    passMfaChallenge: singleton(makePassMfaChallenge),
    completeMfaLogin: singleton(makeCompleteMfaLogin),
    completeMfaSignIn: singleton(makeCompleteMfaSignIn),
    startTotpEnrolment: singleton(makeStartTotpEnrolment),
    confirmTotpEnrolment: singleton(makeConfirmTotpEnrolment),
    disableTotp: singleton(makeDisableTotp),
    getTwoFactorStatus: singleton(makeGetTwoFactorStatus),
    resetTwoFactor: singleton(makeResetTwoFactor),
  };
}
