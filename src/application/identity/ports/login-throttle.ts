/**
 * Login throttling. `account` names what an attempt is for: `user:<id>` when the typed name belongs to an
 * account (so its username and its e-mail are one budget), else `name:<the canonical typed name>` (so unknown
 * names cost the same work). Adapters never store it in clear.
 */
export interface LoginThrottle {
  /** Throws RateLimited when the client address, or this address for this account, is throttled for login. */
  checkLogin(ip: string, account: string): Promise<void>;
  /**
   * Counts a failed login to `account` from `ip`: consecutive failures from one address back that address off
   * for that account; failures from everywhere together slow, never stop, the addresses the account has not
   * been logged in from.
   */
  recordFailure(ip: string, account: string): Promise<void>;
  /** A successful login clears this address's failures for the account and remembers it as the owner's. */
  recordSuccess(ip: string, account: string): Promise<void>;
  /** Throws RateLimited when the client address has refreshed too often. */
  checkRefresh(ip: string): Promise<void>;
}
