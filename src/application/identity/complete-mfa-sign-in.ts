import type { MfaChallengeAnswer, PassMfaChallenge } from './pass-mfa-challenge.ts';
import type { SignedIn, StartBrowserSession } from './start-browser-session.ts';

export type CompleteMfaSignIn = (
  input: MfaChallengeAnswer & {
    readonly userAgent: string | null;
    readonly previousToken: string | undefined;
  },
) => Promise<SignedIn>;

/** The sign-in page's second step: the code of a sign-in that needed one, then a new browser session. */
export function makeCompleteMfaSignIn(deps: {
  passMfaChallenge: PassMfaChallenge;
  startBrowserSession: StartBrowserSession;
}): CompleteMfaSignIn {
  return async ({ mfaToken, code, ip, userAgent, previousToken }) => {
    const user = await deps.passMfaChallenge({ mfaToken, code, ip });
    return deps.startBrowserSession(user, { ip, userAgent, previousToken }, { surface: 'browser' });
  };
}
