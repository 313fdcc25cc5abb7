import { type TOTP, URI } from 'otpauth';

/** What an authenticator app enrolled from `otpauthUri` shows at `at`. */
export function totpCode(otpauthUri: string, at: Date): string {
  return (URI.parse(otpauthUri) as TOTP).generate({ timestamp: at.getTime() });
}
