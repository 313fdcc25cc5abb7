import type { Principal } from '../../domain/kernel/principal.ts';
import type { KnowledgeBase } from '../../domain/knowledge/knowledge-base.ts';
import { type WorkspaceList, workspaceList } from '../workspaces/index.ts';
import { accessibleKnowledgeBase, type KnowledgeAccessDeps } from './accessible-knowledge-base.ts';
import type { KnowledgeBaseRepository } from './ports/knowledge-base-repository.ts';

export type ListKnowledgeBases = WorkspaceList<KnowledgeBase>;
export type GetKnowledgeBase = (principal: Principal, id: string) => Promise<KnowledgeBase>;
export type DeleteKnowledgeBase = (principal: Principal, id: string) => Promise<void>;

/** A workspace's knowledge bases, oldest first, for any member. */
export const makeListKnowledgeBases = workspaceList(
  'member',
  (deps: { knowledgeBases: KnowledgeBaseRepository }, workspaceId, page) =>
    deps.knowledgeBases.list(workspaceId, page),
);

/** Any member reads a knowledge base. */
export function makeGetKnowledgeBase(deps: KnowledgeAccessDeps): GetKnowledgeBase {
  return (principal, id) => accessibleKnowledgeBase(deps, principal, id, 'member');
}

/** Admins and owners delete a knowledge base, its documents and their chunks. */
export function makeDeleteKnowledgeBase(deps: KnowledgeAccessDeps): DeleteKnowledgeBase {
  return async (principal, id) => {
    const base = await accessibleKnowledgeBase(deps, principal, id, 'admin');
    await deps.knowledgeBases.delete(base.id);
  };
}
