export interface LoginThrottle {
  /** Throws RateLimited when the client address or the account is currently throttled for login. */
  checkLogin(ip: string, account: string): Promise<void>;
  /** Counts a failed login: after 5 in a row the account backs off 1 s, doubling up to 15 min. */
  recordFailure(account: string): Promise<void>;
  /** A successful login clears the account's failure count. */
  recordSuccess(account: string): Promise<void>;
  /** Throws RateLimited when the client address has refreshed too often. */
  checkRefresh(ip: string): Promise<void>;
}
