// What later areas (agents, threads and runs) use of the models area.
export { accessibleProviderAccount, type ProviderAccessDeps } from './accessible-provider-account.ts';
export type { CreateModelProvider } from './create-model-provider.ts';
export type {
  ChatRequest,
  EmbeddingRequest,
  Embeddings,
  ModelProvider,
  ModelProviders,
} from './ports/model-provider.ts';
export type { ProviderAccountRepository } from './ports/provider-account-repository.ts';
