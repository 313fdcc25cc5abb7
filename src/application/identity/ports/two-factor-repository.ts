import type { TwoFactor } from '../../../domain/identity/two-factor.ts';

/** Users' TOTP second factors, one per user. Joins the surrounding `UnitOfWork` transaction. */
export interface TwoFactorRepository {
  findByUser(userId: string): Promise<TwoFactor | undefined>;
  /**
   * Stores a pending enrolment, replacing a pending one of the user (a new secret, no step used, no recovery
   * codes); false, and nothing stored, when the user's second factor is already enabled.
   */
  putPending(twoFactor: TwoFactor): Promise<boolean>;
  /**
   * Enables the user's pending enrolment of `sealedSecret` (not one that replaced it meanwhile) at `at`, with
   * `step` as used and these recovery-code hashes; false when there is no such pending enrolment.
   */
  enable(
    userId: string,
    sealedSecret: string,
    step: number,
    recoveryCodeHashes: readonly string[],
    at: Date,
  ): Promise<boolean>;
  /**
   * Records `step` as used for the user's enabled second factor, only when it comes after the last used step;
   * whether it did. Atomic: of two concurrent uses of one code exactly one succeeds (replay protection).
   */
  useStep(userId: string, step: number): Promise<boolean>;
  /**
   * Removes the unused recovery code with `hash` from the user's enabled second factor and returns how many
   * remain; undefined when there is no such code. Atomic: a recovery code is used once.
   */
  useRecoveryCode(userId: string, hash: string): Promise<number | undefined>;
  /** Deletes the user's second factor, pending or enabled; whether there was one. */
  remove(userId: string): Promise<boolean>;
}
