/** What a signed download link grants: one file, until a time. */
export interface FileLinkGrant {
  readonly fileId: string;
  readonly expiresAt: Date;
}

export interface FileLinkSigner {
  /** An opaque token, safe in a URL path, that only this service's key could have made for this grant. */
  sign(grant: FileLinkGrant): string;
  /** The grant a token carries when its signature is this service's, in its one canonical spelling; else undefined. */
  verify(token: string): FileLinkGrant | undefined;
}
