import type { AccountTokenRepository } from '../../../application/identity/ports/account-token-repository.ts';
import type { AccountToken, AccountTokenPurpose } from '../../../domain/identity/account-token.ts';
import { inMemoryRepository } from '../../platform/memory/in-memory-repository.ts';
import { identityTables } from './identity-tables.ts';

/** Account tokens in the store; a token is spent in one atomic step, so it is used once. */
export class InMemoryAccountTokenRepository
  extends inMemoryRepository(identityTables)
  implements AccountTokenRepository
{
  add(token: AccountToken): Promise<void> {
    return this.atomically((tables) => tables.accountTokens.put(token));
  }

  consume(purpose: AccountTokenPurpose, tokenHash: string, now: Date): Promise<AccountToken | undefined> {
    return this.atomically((tables) => {
      const token = tables.accountTokens.find(
        (t) => t.purpose === purpose && t.tokenHash === tokenHash && t.usedAt === null && t.expiresAt > now,
      );
      if (!token) return undefined;
      token.usedAt = now;
      tables.accountTokens.put(token);
      return token;
    });
  }

  discardAll(userId: string, purpose: AccountTokenPurpose, now: Date): Promise<void> {
    return this.atomically((tables) => {
      for (const token of tables.accountTokens.filter(
        (t) => t.userId === userId && t.purpose === purpose && t.usedAt === null,
      )) {
        token.usedAt = now;
        tables.accountTokens.put(token);
      }
    });
  }
}
