// The refresh scenario's sessions: each request takes a session nobody is refreshing, sends its latest refresh
// token and keeps the rotated one, so every session is refreshed sequentially, as one client would.
import type { Request } from 'autocannon';
import { logIns } from './fixture.ts';
import type { RunFigures } from './stats.ts';

interface Slot {
  token: string;
}

export class RefreshPool {
  readonly #base: string;
  readonly #size: number;
  #slots: Slot[] = [];
  #free: Slot[] = [];

  constructor(base: string, size: number) {
    this.#base = base;
    this.#size = size;
  }

  /** Runs `load` with the pool's request; sessions left mid-refresh when it stops are replaced after. */
  async measure(load: (requests: Request[]) => Promise<RunFigures>): Promise<RunFigures> {
    if (this.#slots.length < this.#size) await this.#replace(this.#size - this.#slots.length);
    this.#free = [...this.#slots];
    const figures = await load([
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request, context) => {
          const slot = this.#free.pop();
          if (!slot) throw new Error('refresh pool ran out of sessions');
          context.slot = slot;
          return { ...request, body: JSON.stringify({ refresh_token: slot.token }) };
        },
        onResponse: (status, body, context) => {
          const slot = context.slot as Slot;
          if (status !== 200) return; // dropped: replaced after the run
          slot.token = (JSON.parse(body) as { refresh_token: string }).refresh_token;
          this.#free.push(slot);
        },
      },
    ]);
    // A slot not handed back was in flight (its token may have rotated unseen) or failed: a new session for it.
    const kept = new Set(this.#free);
    this.#slots = this.#slots.filter((slot) => kept.has(slot));
    return figures;
  }

  async #replace(count: number): Promise<void> {
    for (const tokens of await logIns(this.#base, count)) this.#slots.push({ token: tokens.refresh_token });
  }
}
