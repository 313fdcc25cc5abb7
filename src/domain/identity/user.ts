import { InvalidInput } from '../kernel/errors.ts';
import { hasUnshowable } from '../kernel/names.ts';
import { storableText } from '../kernel/well-formed-json.ts';

const USERNAME = /^[a-z0-9_.-]{3,64}$/;
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

/** Usernames and e-mails compare case-insensitively after Unicode NFKC normalisation. */
export function canonicalLogin(value: string): string {
  return value.normalize('NFKC').toLowerCase().trim();
}

export function parseUsername(value: string): string {
  const username = canonicalLogin(value);
  if (!USERNAME.test(username)) {
    throw new InvalidInput('username must be 3 to 64 characters of a-z, 0-9, "_", "." or "-"');
  }
  return username;
}

export function parseEmail(value: string): string {
  const email = canonicalLogin(storableText(value, 'email'));
  if (email.length > 254 || !EMAIL.test(email)) throw new InvalidInput('email is not a valid e-mail address');
  return email;
}

/** A display name as shown: trimmed, `fallback` (the username) when empty. */
export function parseDisplayName(value: string | undefined, fallback: string): string {
  const name = storableText(value?.trim() ?? '', 'display_name');
  if (hasUnshowable(name)) {
    throw new InvalidInput('display_name must be printable, without bidirectional or zero-width controls');
  }
  return name || fallback;
}

export interface UserProps {
  readonly id: string;
  readonly username: string;
  readonly email: string;
  readonly displayName: string;
  readonly passwordHash: string;
  readonly disabled: boolean;
  /**
   * Counts the changes that must end every session of the user (disabling, a new password). A session records
   * the epoch it started in and is over once the user has moved on to another.
   */
  readonly securityEpoch: number;
  /** When the address now in `email` was proven to be the user's (a verification link followed); null if never. */
  readonly emailVerifiedAt: Date | null;
  readonly createdAt: Date;
}

/** A person who can sign in. `username` and `email` are stored canonical (see `canonicalLogin`). */
export class User {
  id!: string;
  username!: string;
  email!: string;
  displayName!: string;
  passwordHash!: string;
  disabled!: boolean;
  securityEpoch!: number;
  emailVerifiedAt!: Date | null;
  createdAt!: Date;

  constructor(props: UserProps) {
    Object.assign(this, props);
  }

  get emailVerified(): boolean {
    return this.emailVerifiedAt !== null;
  }
}
