import { DomainError } from '../kernel/errors.ts';

export type AccountTokenPurpose = 'verify_email' | 'password_reset';

/** How long a link sent by e-mail works (CONTRACT section 14): a day to verify, half an hour to reset. */
export const ACCOUNT_TOKEN_LIFETIME_SECONDS: Readonly<Record<AccountTokenPurpose, number>> = {
  verify_email: 24 * 3600,
  password_reset: 30 * 60,
};

export interface AccountTokenProps {
  readonly id: string;
  readonly userId: string;
  readonly purpose: AccountTokenPurpose;
  /** Only the hash is kept: the token itself exists in the e-mail alone. */
  readonly tokenHash: string;
  /** The address the token was sent to: it proves that address, not whatever the account has later. */
  readonly email: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly usedAt: Date | null;
}

/** A single-use token sent by e-mail to prove control of an address (verification, password reset). */
export class AccountToken {
  id!: string;
  userId!: string;
  purpose!: AccountTokenPurpose;
  tokenHash!: string;
  email!: string;
  createdAt!: Date;
  expiresAt!: Date;
  usedAt!: Date | null;

  constructor(props: AccountTokenProps) {
    Object.assign(this, props);
  }

  static issue(props: Omit<AccountTokenProps, 'expiresAt' | 'usedAt'>): AccountToken {
    const lifetime = ACCOUNT_TOKEN_LIFETIME_SECONDS[props.purpose];
    return new AccountToken({
      ...props,
      expiresAt: new Date(props.createdAt.getTime() + lifetime * 1000),
      usedAt: null,
    });
  }
}

/** Unknown, expired, already used, or for an address the account no longer has: one answer for all. */
export class InvalidAccountToken extends DomainError {
  constructor() {
    super('invalid', 'invalid_token', 'the token is invalid, expired or already used');
  }
}
