import { InvalidFields } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { type EmbeddingModel, KnowledgeBase } from '../../domain/knowledge/knowledge-base.ts';
import { EmbeddingNotConfigured } from '../../domain/knowledge/knowledge-errors.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { ModelProviders, ProviderAccountRepository } from '../models/index.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { KnowledgeBaseRepository } from './ports/knowledge-base-repository.ts';

export interface CreateKnowledgeBaseInput {
  readonly workspaceId: string;
  readonly name: string;
  readonly language?: string | undefined;
  readonly embedding?: EmbeddingModel | undefined;
}

export type CreateKnowledgeBase = (
  principal: Principal,
  input: CreateKnowledgeBaseInput,
) => Promise<KnowledgeBase>;

/**
 * Admins and owners make a knowledge base. Its embedding model must be a model of one of the workspace's
 * providers, of a kind that has an embeddings API (409 `embedding_not_configured` for `anthropic`).
 */
export function makeCreateKnowledgeBase(deps: {
  knowledgeBases: KnowledgeBaseRepository;
  providerAccounts: ProviderAccountRepository;
  modelProviders: ModelProviders;
  workspaceAccess: WorkspaceAccess;
  clock: Clock;
  ids: IdGenerator;
}): CreateKnowledgeBase {
  return async (principal, input) => {
    await deps.workspaceAccess(principal, input.workspaceId, 'admin');
    if (input.embedding) {
      const account = await deps.providerAccounts.findById(input.embedding.providerId);
      if (account?.workspaceId !== input.workspaceId) {
        throw new InvalidFields([
          { path: '/embedding/provider_id', message: 'is not a model provider of this workspace' },
        ]);
      }
      if (!deps.modelProviders(account).embed) {
        throw new EmbeddingNotConfigured(`a model provider of kind ${account.kind} has no embeddings API`);
      }
    }
    const base = KnowledgeBase.create(
      {
        id: deps.ids.newId(),
        workspaceId: input.workspaceId,
        name: input.name,
        language: input.language,
        embedding: input.embedding ?? null,
      },
      deps.clock.now(),
    );
    await deps.knowledgeBases.add(base);
    return base;
  };
}
