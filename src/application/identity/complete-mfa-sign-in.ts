import type { MfaChallengeAnswer, PassMfaChallenge } from './pass-mfa-challenge.ts';
import { type SignedIn, type StartBrowserSessionDeps, startBrowserSession } from './start-browser-session.ts';

export type CompleteMfaSignIn = (
  input: MfaChallengeAnswer & {
    readonly userAgent: string | null;
    readonly previousToken: string | undefined;
  },
) => Promise<SignedIn>;

/** The sign-in page's second step: the code of a sign-in that needed one, then a new browser session. */
export function makeCompleteMfaSignIn(
  deps: StartBrowserSessionDeps & { passMfaChallenge: PassMfaChallenge },
): CompleteMfaSignIn {
  return async ({ mfaToken, code, ip, userAgent, previousToken }) => {
    const user = await deps.passMfaChallenge({ mfaToken, code, ip });
    return startBrowserSession(deps, user, { ip, userAgent, previousToken });
  };
}
