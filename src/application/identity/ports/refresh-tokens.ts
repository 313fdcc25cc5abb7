export interface RefreshTokenSubject {
  readonly sessionId: string;
  readonly generation: number;
}

/**
 * Makes and recognises refresh tokens. A token names its session and generation and carries a 256-bit MAC
 * under a server secret, so the database stores no token (nor anything a token could be recovered from), the
 * same generation always yields the same token (concurrent refreshes inside the grace window get the same
 * successor), and a replayed token of any older generation is still recognised as reuse.
 */
export interface RefreshTokens {
  tokenFor(subject: RefreshTokenSubject): string;
  /** The subject of a well-formed token whose MAC verifies (constant-time); undefined for anything else. */
  read(token: string): RefreshTokenSubject | undefined;
}
