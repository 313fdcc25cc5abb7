/**
 * String equality whose running time depends only on the lengths, not on where the strings differ, so a
 * secret cannot be guessed one character at a time by timing the answers.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let index = 0; index < a.length; index++) {
    difference |= a.charCodeAt(index) ^ b.charCodeAt(index % Math.max(1, b.length));
  }
  return difference === 0 && a.length === b.length;
}
