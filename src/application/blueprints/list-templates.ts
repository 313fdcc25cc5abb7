import type { BlueprintTemplate } from '../../domain/blueprints/blueprint-template.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Page, PagePosition, PageRequest } from '../kernel/ports/page.ts';

export type ListTemplates = (principal: Principal, page: PageRequest) => Promise<Page<BlueprintTemplate>>;

/** Templates have no creation time: their place in the list is their id, at this fixed time. */
const TEMPLATE_TIME = new Date(0);

const templatePosition = (template: BlueprintTemplate): PagePosition => ({
  createdAt: TEMPLATE_TIME,
  id: template.id,
});

/** The server's built-in templates, by id, for any signed-in caller (they are no workspace's). */
export function makeListTemplates(deps: { blueprintTemplates: readonly BlueprintTemplate[] }): ListTemplates {
  return async (_principal, page) => {
    const after = page.after?.id;
    const rest = deps.blueprintTemplates.filter((template) => after === undefined || template.id > after);
    const items = rest.slice(0, page.limit);
    const last = items.at(-1);
    return { items, next: rest.length > page.limit && last ? templatePosition(last) : null };
  };
}
