/** Test code reads response bodies as loosely typed JSON; chai's assertions do the checking. */
// biome-ignore lint/suspicious/noExplicitAny: assertions, not types, check these values
export type Json = any;

export async function json(response: Response): Promise<Json> {
  return response.json();
}
