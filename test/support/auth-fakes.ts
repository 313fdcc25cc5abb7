import type {
  AccessTokenClaims,
  AccessTokenService,
} from '../../src/application/identity/ports/access-token-service.ts';
import type { LoginThrottle } from '../../src/application/identity/ports/login-throttle.ts';
import type { PasswordHasher } from '../../src/application/identity/ports/password-hasher.ts';
import type {
  RefreshTokenSubject,
  RefreshTokens,
} from '../../src/application/identity/ports/refresh-tokens.ts';
import type { Clock } from '../../src/application/kernel/ports/clock.ts';
import type { IdGenerator } from '../../src/application/kernel/ports/id-generator.ts';
import { InvalidToken, TokenExpired } from '../../src/domain/identity/auth-errors.ts';
import { RateLimited } from '../../src/domain/kernel/errors.ts';

/** A clock tests move by hand. */
export class FixedClock implements Clock {
  #now: Date;
  constructor(start = new Date('2026-11-21T12:00:00.000Z')) {
    this.#now = start;
  }
  now(): Date {
    return new Date(this.#now);
  }
  advance(seconds: number): void {
    this.#now = new Date(this.#now.getTime() + seconds * 1000);
  }
}

export class SequentialIds implements IdGenerator {
  #next = 0;
  newId(): string {
    this.#next++;
    return `00000000-0000-7000-8000-${this.#next.toString(16).padStart(12, '0')}`;
  }
}

/** Reversible "hashes" that still record how often hashing and verification ran. */
export class FakePasswordHasher implements PasswordHasher {
  hashes = 0;
  verifications = 0;
  version = 'v2';
  async hash(password: string): Promise<string> {
    this.hashes++;
    return `fake-${this.version}$${password}`;
  }
  async verify(hash: string, password: string): Promise<boolean> {
    this.verifications++;
    return hash.slice(hash.indexOf('$') + 1) === password && hash.startsWith('fake-');
  }
  needsRehash(hash: string): boolean {
    return !hash.startsWith(`fake-${this.version}$`);
  }
}

/** Access tokens as readable strings, expiring 900 s after issue by the shared clock. */
export class FakeAccessTokens implements AccessTokenService {
  readonly #clock: Clock;
  constructor(clock: Clock) {
    this.#clock = clock;
  }
  async issue(claims: AccessTokenClaims) {
    const exp = this.#clock.now().getTime() + 900_000;
    return { token: `at:${claims.userId}:${claims.sessionId}:${exp}`, expiresIn: 900 };
  }
  async verify(token: string): Promise<AccessTokenClaims> {
    const [kind, userId, sessionId, exp] = token.split(':');
    if (kind !== 'at' || !userId || !sessionId || !exp) throw new InvalidToken();
    if (this.#clock.now().getTime() >= Number(exp)) throw new TokenExpired();
    return { userId, sessionId };
  }
}

export class FakeRefreshTokens implements RefreshTokens {
  tokenFor({ sessionId, generation }: RefreshTokenSubject): string {
    return `rt:${sessionId}:${generation}`;
  }
  read(token: string): RefreshTokenSubject | undefined {
    const [kind, sessionId, generation] = token.split(':');
    if (kind !== 'rt' || !sessionId || generation === undefined) return undefined;
    return { sessionId, generation: Number(generation) };
  }
}

/** Records calls; throttles the accounts and addresses a test names. */
export class RecordingThrottle implements LoginThrottle {
  readonly failures: string[] = [];
  readonly successes: string[] = [];
  readonly blocked = new Set<string>();
  async checkLogin(ip: string, account: string): Promise<void> {
    if (this.blocked.has(ip) || this.blocked.has(account)) throw new RateLimited(4);
  }
  async recordFailure(_ip: string, account: string): Promise<void> {
    this.failures.push(account);
  }
  async recordSuccess(_ip: string, account: string): Promise<void> {
    this.successes.push(account);
  }
  async checkRefresh(ip: string): Promise<void> {
    if (this.blocked.has(ip)) throw new RateLimited(2);
  }
}
