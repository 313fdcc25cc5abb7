import { modelProviderRoutes } from '../adapters/models/http/model-provider-routes.ts';
import { InMemoryProviderAccountRepository } from '../adapters/models/memory/in-memory-provider-account-repository.ts';
import { countedModelProviders } from '../adapters/models/metrics/counted-model-providers.ts';
import { PostgresProviderAccountRepository } from '../adapters/models/postgres/postgres-provider-account-repository.ts';
import { sdkModelProviders } from '../adapters/models/sdk/sdk-model-providers.ts';
import {
  type CreateModelProvider,
  makeCreateModelProvider,
} from '../application/models/create-model-provider.ts';
import {
  type DeleteModelProvider,
  makeDeleteModelProvider,
} from '../application/models/delete-model-provider.ts';
import { type GetModelProvider, makeGetModelProvider } from '../application/models/get-model-provider.ts';
import {
  type ListModelProviders,
  makeListModelProviders,
} from '../application/models/list-model-providers.ts';
import type { ModelProviders } from '../application/models/ports/model-provider.ts';
import type { ProviderAccountRepository } from '../application/models/ports/provider-account-repository.ts';
import {
  makeUpdateModelProvider,
  type UpdateModelProvider,
} from '../application/models/update-model-provider.ts';
import type { Area } from './area.ts';
import type { ThroughFiles } from './files.ts';
import { adaptersFor } from './persistence.ts';
import { registrar } from './registration.ts';

/** Model providers of a workspace (keys sealed at rest) and the model clients that call them. */
export interface ModelsCradle {
  providerAccounts: ProviderAccountRepository;
  /** A streaming model client for a stored provider account, over the official SDKs. */
  modelProviders: ModelProviders;
  createModelProvider: CreateModelProvider;
  listModelProviders: ListModelProviders;
  getModelProvider: GetModelProvider;
  updateModelProvider: UpdateModelProvider;
  deleteModelProvider: DeleteModelProvider;
}

export type ThroughModels = ThroughFiles & ModelsCradle;

const { singleton } = registrar<ThroughModels>();
const { stored } = adaptersFor<ThroughModels>();

export const models: Area<ModelsCradle, ThroughModels> = {
  name: 'models',
  register: ({ config, persistence }) => ({
    providerAccounts: singleton(
      stored(persistence, {
        // Sealed with the box of every other stored outbound credential (webhook secrets).
        postgres: ({ db }, { webhookSecretBox }) =>
          new PostgresProviderAccountRepository({ db, webhookSecretBox }),
        memory: (store) => new InMemoryProviderAccountRepository({ store }),
      }),
    ),
    // Each call counted and timed, and the tokens the providers counted (model_calls_total, model_tokens_total).
    modelProviders: singleton(({ metrics }) =>
      countedModelProviders(sdkModelProviders(config.models), metrics),
    ),
    createModelProvider: singleton(makeCreateModelProvider),
    listModelProviders: singleton(makeListModelProviders),
    getModelProvider: singleton(makeGetModelProvider),
    updateModelProvider: singleton(makeUpdateModelProvider),
    deleteModelProvider: singleton(makeDeleteModelProvider),
  }),
  routes: modelProviderRoutes,
  // Resolving the model clients declares their metrics.
  metrics: ({ modelProviders }) => void modelProviders,
};
