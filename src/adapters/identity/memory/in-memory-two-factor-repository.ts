import type { TwoFactorRepository } from '../../../application/identity/ports/two-factor-repository.ts';
import { TwoFactor } from '../../../domain/identity/two-factor.ts';
import { inMemoryRepository } from '../../platform/memory/in-memory-repository.ts';
import { identityTables } from './identity-tables.ts';

/** Second factors in the store, by user id; every spend is one atomic step, so a code counts once. */
export class InMemoryTwoFactorRepository
  extends inMemoryRepository(identityTables)
  implements TwoFactorRepository
{
  findByUser(userId: string): Promise<TwoFactor | undefined> {
    return this.atomically((tables) => tables.twoFactors.get(userId));
  }

  putPending(twoFactor: TwoFactor): Promise<boolean> {
    return this.atomically((tables) => {
      if (tables.twoFactors.get(twoFactor.userId)?.enabled) return false;
      tables.twoFactors.put(twoFactor);
      return true;
    });
  }

  enable(
    userId: string,
    sealedSecret: string,
    step: number,
    recoveryCodeHashes: readonly string[],
    at: Date,
  ): Promise<boolean> {
    return this.#change(
      userId,
      (t) => !t.enabled && t.sealedSecret === sealedSecret,
      (t) => ({ ...t, enabledAt: at, lastUsedStep: step, recoveryCodeHashes: [...recoveryCodeHashes] }),
    );
  }

  useStep(userId: string, step: number): Promise<boolean> {
    return this.#change(
      userId,
      (t) => t.enabled && t.acceptsStep(step),
      (t) => ({ ...t, lastUsedStep: step }),
    );
  }

  async useRecoveryCode(userId: string, hash: string): Promise<number | undefined> {
    let remaining: number | undefined;
    await this.#change(
      userId,
      (t) => t.enabled && t.recoveryCodeHashes.includes(hash),
      (t) => {
        const recoveryCodeHashes = t.recoveryCodeHashes.filter((h) => h !== hash);
        remaining = recoveryCodeHashes.length;
        return { ...t, recoveryCodeHashes };
      },
    );
    return remaining;
  }

  remove(userId: string): Promise<boolean> {
    return this.atomically((tables) => tables.twoFactors.delete(userId));
  }

  #change(
    userId: string,
    when: (t: TwoFactor) => boolean,
    next: (t: TwoFactor) => ConstructorParameters<typeof TwoFactor>[0],
  ): Promise<boolean> {
    return this.atomically((tables) => {
      const current = tables.twoFactors.get(userId);
      if (!current || !when(current)) return false;
      tables.twoFactors.put(new TwoFactor(next(current)));
      return true;
    });
  }
}
