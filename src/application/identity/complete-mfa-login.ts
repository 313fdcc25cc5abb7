import type { MfaChallengeAnswer, PassMfaChallenge } from './pass-mfa-challenge.ts';
import { type StartLoginSessionDeps, startLoginSession } from './start-login-session.ts';
import type { TokenPair } from './token-pair.ts';

export type CompleteMfaLogin = (
  input: MfaChallengeAnswer & { readonly userAgent: string | null },
) => Promise<TokenPair>;

/** `POST /api/auth/login/mfa`: the code of a login that answered `mfa_required`; then as a login answers. */
export function makeCompleteMfaLogin(
  deps: StartLoginSessionDeps & { passMfaChallenge: PassMfaChallenge },
): CompleteMfaLogin {
  return async ({ mfaToken, code, ip, userAgent }) => {
    const user = await deps.passMfaChallenge({ mfaToken, code, ip });
    return startLoginSession(deps, user, { ip, userAgent });
  };
}
