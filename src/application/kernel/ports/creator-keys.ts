/** Which of a person's keys lose their standing when the person loses theirs. */
export interface CreatorKeyScope {
  /** Only the keys of this workspace (removed from it, demoted in it); every workspace when absent. */
  readonly workspaceId?: string | undefined;
  /** Only `admin` keys (demoted to member: a member cannot hold what an admin key does). */
  readonly adminKeysOnly?: boolean | undefined;
}

/**
 * The API keys a person created, revoked when the person is disabled, leaves or is removed from the
 * workspace, or is demoted below the key's role: a key never keeps access its creator lost.
 */
export interface CreatorKeys {
  /** Revokes at `now` the keys `userId` created within `scope` not yet revoked; returns them. Joins the unit of work. */
  revokeCreatedBy(
    userId: string,
    scope: CreatorKeyScope,
    now: Date,
  ): Promise<{ readonly id: string; readonly workspaceId: string }[]>;
}
