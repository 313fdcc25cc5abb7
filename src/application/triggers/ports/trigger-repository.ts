import type { Trigger } from '../../../domain/triggers/trigger.ts';
import type { Page, PageRequest } from '../../kernel/ports/page.ts';

export interface TriggerFilter {
  readonly workspaceId: string;
  readonly missionId?: string | undefined;
}

/**
 * Webhook triggers. Adapters keep the signing secrets encrypted at rest; callers see them in clear. Deleted
 * triggers are invisible to every method.
 */
export interface TriggerRepository {
  /**
   * Stores a new trigger. Throws WebhookPathTaken when any trigger, deleted ones included, has its path
   * (adapters rely on a unique index, so concurrent creations cannot both take a path).
   */
  add(trigger: Trigger): Promise<void>;
  findById(id: string): Promise<Trigger | undefined>;
  /** The trigger with exactly this webhook path (case-sensitive), enabled or not. */
  findByWebhookPath(webhookPath: string): Promise<Trigger | undefined>;
  /** The workspace's triggers (of one mission when given), ordered by (createdAt, id). */
  list(filter: TriggerFilter, page: PageRequest): Promise<Page<Trigger>>;
  /**
   * Stores the changes made to `trigger` since it was read at `trigger.version`, and bumps that version.
   * Throws TriggerChanged when it was changed (or deleted) meanwhile, so that of two concurrent changes
   * only one is stored.
   */
  save(trigger: Trigger): Promise<void>;
  /**
   * Deletes the trigger: its path answers 404 from now on and is never reused, and its secrets are
   * destroyed. Its deliveries and runs stay (a deleted trigger's deliveries are no longer listed).
   */
  delete(id: string, now: Date): Promise<void>;
}
