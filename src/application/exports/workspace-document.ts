import type { Agent, AgentVersion } from '../../domain/agents/index.ts';
import type { Blueprint, BlueprintVersion } from '../../domain/blueprints/index.ts';
import type { Dataset, DatasetItem } from '../../domain/evaluations/index.ts';
import type { KnowledgeBase, KnowledgeDocument, TextSearchLanguage } from '../../domain/knowledge/index.ts';
import type { Mission, MissionBlueprint, RunPolicyChanges } from '../../domain/missions/index.ts';
import type { ProviderAccount, ProviderKind } from '../../domain/models/index.ts';
import type { Schedule } from '../../domain/schedules/index.ts';
import type { Trigger, TriggerSignatureScheme } from '../../domain/triggers/index.ts';

/**
 * What a workspace export holds, read as it is written (one page of each list in memory at a time): its
 * blueprints with every version, missions, triggers (the encoder writes no secret), schedules, model providers
 * (the encoder writes no key), agents with every version, datasets with their items and knowledge bases with
 * their documents' metadata (the encoder writes no document's text).
 */
export interface WorkspaceSnapshot {
  readonly workspaceId: string;
  readonly exportedAt: Date;
  readonly missions: AsyncIterable<Mission>;
  readonly blueprints: AsyncIterable<{ blueprint: Blueprint; versions: AsyncIterable<BlueprintVersion> }>;
  readonly triggers: AsyncIterable<Trigger>;
  readonly schedules: AsyncIterable<Schedule>;
  readonly modelProviders: AsyncIterable<ProviderAccount>;
  readonly agents: AsyncIterable<{ agent: Agent; versions: AsyncIterable<AgentVersion> }>;
  readonly datasets: AsyncIterable<{ dataset: Dataset; items: AsyncIterable<DatasetItem> }>;
  readonly knowledgeBases: AsyncIterable<{
    base: KnowledgeBase;
    documents: AsyncIterable<KnowledgeDocument>;
  }>;
}

/** A workspace export as read back for an import: each object as its create use case takes it, old ids kept. */
export interface WorkspaceDocument {
  readonly missions: readonly {
    readonly id: string;
    readonly name: string;
    readonly description: string | null;
    readonly definition: unknown;
    readonly policy: RunPolicyChanges;
    /** The blueprint its runs carry out (an id of the export's blueprints), or null: a worker's mission. */
    readonly blueprint: MissionBlueprint | null;
  }[];
  readonly blueprints: readonly {
    readonly id: string;
    readonly name: string;
    readonly description: string | null;
    /** Oldest first: version 1 first. */
    readonly versions: readonly { readonly graph: unknown; readonly note: string | null }[];
  }[];
  readonly triggers: readonly {
    readonly missionId: string;
    readonly name: string;
    readonly enabled: boolean;
    readonly signatureScheme: TriggerSignatureScheme;
    readonly maxBodyBytes: number;
    readonly requireTimestamp: boolean;
    readonly requireIdempotencyKey: boolean;
  }[];
  readonly schedules: readonly {
    readonly missionId: string;
    readonly name: string;
    readonly cron: string;
    readonly timezone: string;
    readonly input: unknown;
    readonly enabled: boolean;
  }[];
  readonly modelProviders: readonly {
    readonly id: string;
    readonly name: string;
    readonly kind: ProviderKind;
    readonly baseUrl: string | null;
  }[];
  readonly agents: readonly {
    readonly name: string;
    readonly description: string;
    /** Oldest first: version 1 first; each as `POST /api/agents` takes it (ids of the export's objects). */
    readonly versions: readonly {
      readonly provider_id: string;
      readonly model: string;
      readonly instructions: string;
      readonly tools: readonly Record<string, unknown>[];
      readonly settings: Record<string, unknown>;
    }[];
  }[];
  readonly datasets: readonly {
    readonly name: string;
    readonly description: string;
    /** Oldest first, as `POST /api/datasets/{id}/items` takes them. */
    readonly items: readonly {
      readonly input: unknown;
      readonly expected: unknown;
      readonly metadata: unknown;
    }[];
  }[];
  /** Their settings only: an export holds no document's text, so an import makes them empty. */
  readonly knowledgeBases: readonly {
    readonly name: string;
    readonly language: TextSearchLanguage;
    /** Its provider an id of the export's model providers. */
    readonly embedding: { readonly providerId: string; readonly model: string } | null;
  }[];
}
