/** Who is calling the API: the user and the login session their access token belongs to. */
export interface Principal {
  readonly userId: string;
  readonly sessionId: string;
}
