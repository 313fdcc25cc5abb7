// What later areas use of the blueprints area's application: they import it from here only (`make layers`).
export type { CreateBlueprint } from './create-blueprint.ts';
export type { CreateBlueprintVersion } from './create-blueprint-version.ts';
export type { BlueprintRepository } from './ports/blueprint-repository.ts';
