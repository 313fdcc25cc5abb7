import type { EmailContent } from '../../notifications/index.ts';

/** The recipient and the single-use token an account e-mail carries. */
export interface AccountEmailInput {
  readonly to: string;
  readonly displayName: string;
  readonly token: string;
}

/** The account e-mails, rendered as text and HTML with links to this server's pages (`PUBLIC_URL`). */
export interface AccountEmails {
  /** Asks the recipient to follow a link that proves the address is theirs. */
  verifyEmail(input: AccountEmailInput): EmailContent;
  /** Offers a link to choose a new password. */
  passwordReset(input: AccountEmailInput): EmailContent;
  /**
   * Answers a reset asked for an address no (enabled) account has: the mailbox's owner learns it, and the
   * requester learns nothing, since both cases queue one e-mail.
   */
  passwordResetNoAccount(input: { readonly to: string }): EmailContent;
  /** Tells the account's owner that a provider's sign-in now opens it (a link is never made silently). */
  identityLinked(input: {
    readonly to: string;
    readonly displayName: string;
    readonly providerName: string;
  }): EmailContent;
}
