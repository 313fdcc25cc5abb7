// Small tools of the resilience scripts: reading a whole list through its cursors, and a seeded random source.
import { type Json, ok } from './api.ts';

/** Every item of a `{items, next_cursor}` list, 200 per page. */
export async function pages(base: string, token: string, path: string): Promise<Json[]> {
  const items: Json[] = [];
  const join = path.includes('?') ? '&' : '?';
  let cursor: string | null = null;
  do {
    const page = await ok(base, token, 'GET', `${path}${join}limit=200${cursor ? `&cursor=${cursor}` : ''}`);
    items.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor);
  return items;
}

/** A seeded source of numbers in [0, 1) (mulberry32), so a failing run can be repeated with its seed. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
