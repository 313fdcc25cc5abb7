import type { Principal } from '../../domain/kernel/principal.ts';
import type { Role } from '../../domain/kernel/roles.ts';
import type { KnowledgeBase } from '../../domain/knowledge/knowledge-base.ts';
import { KnowledgeBaseNotFound } from '../../domain/knowledge/knowledge-errors.ts';
import type { AccessDeps } from '../workspaces/index.ts';
import type { KnowledgeBaseRepository } from './ports/knowledge-base-repository.ts';

export type KnowledgeAccessDeps = AccessDeps & { readonly knowledgeBases: KnowledgeBaseRepository };

/** The knowledge base when the caller holds `minimum` in its workspace; another workspace's is NotFound. */
export async function accessibleKnowledgeBase(
  deps: KnowledgeAccessDeps,
  principal: Principal,
  id: string,
  minimum: Role,
): Promise<KnowledgeBase> {
  const base = await deps.knowledgeBases.findById(id);
  if (!base) throw new KnowledgeBaseNotFound();
  await deps.workspaceAccess(principal, base.workspaceId, minimum, 'knowledge base');
  return base;
}
