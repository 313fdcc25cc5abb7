// What the floor server (scripts/bench/floors/server.ts) and the scenarios driving it agree on.

/** Sessions the floor server seeds, one bearer token each (as many as the bench's connections by default). */
export const FLOOR_SESSIONS = 50;

/** The bearer token of floor session `i`. */
export const floorToken = (i: number) => `floor-session-${i}`;

/** The secret the floor's ingest route checks `X-Signature` against. */
export const FLOOR_WEBHOOK_SECRET = 'floor webhook secret';
