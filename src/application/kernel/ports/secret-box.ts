/**
 * Authenticated encryption of small secrets kept at rest (signing keys, webhook signing secrets).
 *
 * `context` is bound to the ciphertext as associated data: name the row it belongs to (for example
 * `signing-key:<kid>`), so a ciphertext copied into another row does not open there.
 */
export interface SecretBox {
  /** Encrypts `plaintext`; every call yields a different, printable string. */
  seal(plaintext: string, context: string): string;
  /** The plaintext of a string made by `seal` with the same context; throws when it was altered or moved. */
  open(sealed: string, context: string): string;
}
