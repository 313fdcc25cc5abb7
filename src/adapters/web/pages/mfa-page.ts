import { html, type SafeHtml } from '../html.ts';
import { layout, message } from './layout.ts';

export interface MfaPageModel {
  /** The sign-in form's CSRF token (double-submitted with the login cookie). */
  readonly csrfToken: string;
  /** Carries the sign-in from its password to its code (5 minutes). */
  readonly mfaToken: string;
  readonly error?: string;
}

/** The second step of signing in to an account with two-factor login: the code from the app. */
export function mfaPage(model: MfaPageModel): SafeHtml {
  return layout(
    'Two-factor sign-in',
    html`<section class="card narrow">
<h1>Enter your code</h1>
${message('alert', model.error)}
<p>Open your authenticator app and enter the 6-digit code it shows for this account, or one of your recovery codes.</p>
<form method="post" action="/login/mfa">
<input type="hidden" name="_csrf" value="${model.csrfToken}">
<input type="hidden" name="mfa_token" value="${model.mfaToken}">
<label>Code
<input type="text" name="code" autocomplete="one-time-code" inputmode="numeric" required maxlength="64" autofocus>
</label>
<button type="submit">Verify</button>
</form>
<p class="muted"><a href="/login">Start again</a></p>
</section>`,
  );
}
