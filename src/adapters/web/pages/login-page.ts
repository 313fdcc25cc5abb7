import { html, type SafeHtml } from '../html.ts';
import { layout, message } from './layout.ts';

export interface LoginPageModel {
  /** The login form's CSRF token (double-submitted with the login cookie). */
  readonly csrfToken: string;
  readonly usernameOrEmail?: string;
  readonly error?: string;
  readonly notice?: string;
  /** The single sign-on providers, a button each (required: every sign-in page offers them). */
  readonly providers: readonly { readonly id: string; readonly name: string }[];
}

export function loginPage(model: LoginPageModel): SafeHtml {
  return layout(
    'Sign in',
    html`<section class="card narrow">
<h1>Sign in</h1>
${message('alert', model.error)}
${message('notice', model.notice)}
<form method="post" action="/login">
<input type="hidden" name="_csrf" value="${model.csrfToken}">
<label>Username or e-mail
<input type="text" name="username_or_email" value="${model.usernameOrEmail ?? ''}" autocomplete="username" required maxlength="320" autofocus>
</label>
<label>Password
<input type="password" name="password" autocomplete="current-password" required maxlength="1024">
</label>
<button type="submit">Sign in</button>
</form>
${ssoButtons(model.providers)}
<p class="muted"><a href="/password-reset">Forgot your password?</a></p>
</section>`,
  );
}

/**
 * A button-styled link per provider. Links, not forms: the page's CSP (`form-action 'self'`) also covers a form's
 * redirect, which here goes to the provider's origin; a GET that only starts a sign-in needs no form.
 */
function ssoButtons(
  providers: readonly { readonly id: string; readonly name: string }[],
): SafeHtml | undefined {
  if (providers.length === 0) return undefined;
  const buttons = providers.map(
    ({ id, name }) =>
      html`<a class="button" href="/auth/sso/${encodeURIComponent(id)}">Sign in with ${name}</a>`,
  );
  return html`<div class="sso">${buttons}</div>`;
}
