import type { AccountEmailInput, AccountEmails } from '../../../application/identity/ports/account-emails.ts';
import type { EmailContent } from '../../../application/notifications/index.ts';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

interface Template {
  readonly subject: string;
  readonly intro: string;
  readonly action: string;
  readonly path: string;
  readonly validity: string;
  readonly otherwise: string;
}

const TEMPLATES = {
  verifyEmail: {
    subject: 'Verify your e-mail address',
    intro: 'Please confirm that this e-mail address belongs to your account.',
    action: 'Verify my e-mail address',
    path: '/verify-email',
    validity: 'The link works once, for 24 hours.',
    otherwise: 'If you did not create an account, ignore this e-mail.',
  },
  passwordReset: {
    subject: 'Reset your password',
    intro: 'Someone (we hope you) asked to reset the password of your account.',
    action: 'Choose a new password',
    path: '/password-reset/confirm',
    validity:
      'The link works once, for 30 minutes. Every session of the account ends when the password changes.',
    otherwise: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  },
} satisfies Record<'verifyEmail' | 'passwordReset', Template>;

/** An e-mail of a few sentences and no link. */
function notice(to: string, subject: string, greeting: string, ...lines: string[]): EmailContent {
  const paragraphs = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  return {
    to,
    subject,
    text: `${greeting}\n\n${lines.join('\n')}\n`,
    html: `<!doctype html><html><body style="font-family:sans-serif">
<p>${escapeHtml(greeting)}</p>
${paragraphs}
</body></html>`,
  };
}

/**
 * The account e-mails from fixed templates: the token travels in the link's query, which the access log never
 * records (it logs paths only), and the page it opens asks for a click before spending it, so a mail
 * scanner that fetches links does not use the token up.
 */
export class TemplateAccountEmails implements AccountEmails {
  readonly #publicUrl: string;

  constructor({ publicUrl }: { publicUrl: string }) {
    this.#publicUrl = publicUrl;
  }

  verifyEmail(input: AccountEmailInput): EmailContent {
    return this.#render(TEMPLATES.verifyEmail, input);
  }

  passwordReset(input: AccountEmailInput): EmailContent {
    return this.#render(TEMPLATES.passwordReset, input);
  }

  passwordResetNoAccount({ to }: { to: string }): EmailContent {
    const intro =
      'Someone asked to reset the password of an account with this e-mail address, but no account uses it.';
    const otherwise =
      'If it was you, perhaps you signed up with another address. Otherwise, ignore this e-mail.';
    return notice(to, 'Password reset requested', 'Hello,', intro, otherwise);
  }

  identityLinked(input: { to: string; displayName: string; providerName: string }): EmailContent {
    const intro = `Your account can now be signed in to with ${input.providerName}: it was linked by the verified e-mail address you share there.`;
    const otherwise = `If this was not you, sign in, change your password and tell your administrator.`;
    return notice(
      input.to,
      `${input.providerName} sign-in linked`,
      `Hello ${input.displayName},`,
      intro,
      otherwise,
    );
  }

  #render(template: Template, { to, displayName, token }: AccountEmailInput): EmailContent {
    const link = `${this.#publicUrl}${template.path}?token=${encodeURIComponent(token)}`;
    const text = [
      `Hello ${displayName},`,
      '',
      template.intro,
      `${template.action}: ${link}`,
      '',
      template.validity,
      template.otherwise,
    ].join('\n');
    const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>Hello ${escapeHtml(displayName)},</p>
<p>${escapeHtml(template.intro)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(template.action)}</a></p>
<p>${escapeHtml(template.validity)}<br>${escapeHtml(template.otherwise)}</p>
</body></html>`;
    return { to, subject: template.subject, text: `${text}\n`, html };
  }
}
