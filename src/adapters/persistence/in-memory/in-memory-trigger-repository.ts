import type { Page, PageRequest } from '../../../application/ports/page.ts';
import type { TriggerFilter, TriggerRepository } from '../../../application/ports/trigger-repository.ts';
import { Trigger } from '../../../domain/triggers/trigger.ts';
import { TriggerChanged, WebhookPathTaken } from '../../../domain/triggers/webhook-errors.ts';
import { pageOf } from './in-memory-page.ts';

/** Triggers in a Map, copied in and out; deleted ones keep their path taken, like the unique index. */
export class InMemoryTriggerRepository implements TriggerRepository {
  readonly #triggers = new Map<string, Trigger>();
  readonly #deleted = new Set<string>();

  async add(trigger: Trigger): Promise<void> {
    for (const stored of this.#triggers.values()) {
      if (stored.webhookPath === trigger.webhookPath) throw new WebhookPathTaken();
    }
    this.#triggers.set(trigger.id, new Trigger(trigger));
  }

  async findById(id: string): Promise<Trigger | undefined> {
    const stored = this.#live(id);
    return stored && new Trigger(stored);
  }

  async findByWebhookPath(webhookPath: string): Promise<Trigger | undefined> {
    const stored = [...this.#triggers.values()].find((t) => t.webhookPath === webhookPath);
    return stored && this.findById(stored.id);
  }

  async list(filter: TriggerFilter, page: PageRequest): Promise<Page<Trigger>> {
    const matching = [...this.#triggers.values()].filter(
      (t) =>
        !this.#deleted.has(t.id) &&
        t.workspaceId === filter.workspaceId &&
        (filter.missionId === undefined || t.missionId === filter.missionId),
    );
    const result = pageOf(matching, (t) => t, page, 'asc');
    return { items: result.items.map((t) => new Trigger(t)), next: result.next };
  }

  async save(trigger: Trigger): Promise<void> {
    const stored = this.#live(trigger.id);
    if (!stored || stored.version !== trigger.version) throw new TriggerChanged();
    trigger.version += 1;
    this.#triggers.set(trigger.id, new Trigger(trigger));
  }

  async delete(id: string): Promise<void> {
    if (this.#triggers.has(id)) this.#deleted.add(id);
  }

  #live(id: string): Trigger | undefined {
    return this.#deleted.has(id) ? undefined : this.#triggers.get(id);
  }
}
