/** The passwords too common to allow: the first ones a guessing attack tries. */
export interface CommonPasswords {
  /**
   * Whether `password` is too common to be set. Use cases ask only about a password within the length
   * bounds. Adapters compare case-insensitively (a capital letter adds nothing against guessing), never log
   * or keep the password, and never send it anywhere in clear (a breached-password service gets at most
   * a prefix of its hash). An adapter that cannot answer throws rather than answering false.
   */
  isCommon(password: string): Promise<boolean>;
}
