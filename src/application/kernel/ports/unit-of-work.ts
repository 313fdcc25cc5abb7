export interface UnitOfWork {
  /**
   * Runs `work` in one database transaction: every repository call inside it joins the transaction, which
   * commits when `work` resolves and rolls back when it throws.
   */
  transaction<T>(work: () => Promise<T>): Promise<T>;
}
