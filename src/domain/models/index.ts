// What later areas (agents) use of the models domain: they import it from here only (`make layers`).
export type { ChatEvent, ChatMessage, ModelAnswer, TokenUsage, ToolCall, ToolSpec } from './chat.ts';
export { ProviderError } from './model-errors.ts';
export { PROVIDER_KINDS, ProviderAccount, type ProviderKind } from './provider-account.ts';
