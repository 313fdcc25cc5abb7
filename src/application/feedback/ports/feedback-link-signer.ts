/** What a feedback link grants: feedback on one run, until a time. */
export interface FeedbackLinkGrant {
  readonly runId: string;
  readonly expiresAt: Date;
}

export interface FeedbackLinkSigner {
  /** An opaque token, safe in a URL path, that only this service's key could have made for this grant. */
  sign(grant: FeedbackLinkGrant): string;
  /** The grant a token carries when its signature is this service's, in its one canonical spelling; else undefined. */
  verify(token: string): FeedbackLinkGrant | undefined;
}
