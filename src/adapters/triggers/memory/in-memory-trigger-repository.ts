import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type {
  TriggerFilter,
  TriggerRepository,
} from '../../../application/triggers/ports/trigger-repository.ts';
import { Trigger } from '../../../domain/triggers/trigger.ts';
import { TriggerChanged, WebhookPathTaken } from '../../../domain/triggers/webhook-errors.ts';
import { pageOfRows } from '../../platform/memory/in-memory-page.ts';
import { inMemoryRepository } from '../../platform/memory/in-memory-repository.ts';
import type { TriggerRow } from './trigger-tables.ts';
import { triggerTables } from './trigger-tables.ts';

/** Triggers in the store; deleted ones stay, secretless, so their path stays taken (the unique index). */
export class InMemoryTriggerRepository
  extends inMemoryRepository(triggerTables)
  implements TriggerRepository
{
  add(trigger: Trigger): Promise<void> {
    return this.atomically(() => {
      const { triggers } = this.tables;
      if (triggers.some((row) => row.trigger.webhookPath === trigger.webhookPath))
        throw new WebhookPathTaken();
      triggers.put({ trigger, deletedAt: null });
    });
  }

  findById(id: string): Promise<Trigger | undefined> {
    return this.atomically(() => this.#live(this.tables.triggers.get(id)));
  }

  findByWebhookPath(webhookPath: string): Promise<Trigger | undefined> {
    return this.atomically(() =>
      this.#live(this.tables.triggers.find((row) => row.trigger.webhookPath === webhookPath)),
    );
  }

  list(filter: TriggerFilter, page: PageRequest): Promise<Page<Trigger>> {
    return this.atomically(() => {
      const matching = this.tables.triggers
        .filter(
          ({ trigger, deletedAt }) =>
            deletedAt === null &&
            trigger.workspaceId === filter.workspaceId &&
            (filter.missionId === undefined || trigger.missionId === filter.missionId),
        )
        .map((row) => row.trigger);
      return pageOfRows(matching, page, 'asc');
    });
  }

  save(trigger: Trigger): Promise<void> {
    return this.atomically(() => {
      const stored = this.#live(this.tables.triggers.get(trigger.id));
      if (!stored || stored.version !== trigger.version) throw new TriggerChanged();
      // What the UPDATE sets: everything but the identity, the path and the creation time.
      const { id, workspaceId, missionId, webhookPath, createdAt } = stored;
      const saved = new Trigger({ ...trigger, id, workspaceId, missionId, webhookPath, createdAt });
      saved.version = stored.version + 1;
      this.tables.triggers.put({ trigger: saved, deletedAt: null });
      trigger.version = saved.version;
    });
  }

  async delete(id: string, now: Date): Promise<void> {
    await this.atomically(() => {
      const stored = this.#live(this.tables.triggers.get(id));
      if (!stored) return;
      // The secrets are destroyed, not kept: nothing can verify for a deleted trigger again.
      const trigger = new Trigger({
        ...stored,
        enabled: false,
        signingSecret: '',
        previousSecret: null,
        previousSecretExpiresAt: null,
        version: stored.version + 1,
      });
      this.tables.triggers.put({ trigger, deletedAt: now });
    });
  }

  #live(row: TriggerRow | undefined): Trigger | undefined {
    return row && row.deletedAt === null ? row.trigger : undefined;
  }
}
