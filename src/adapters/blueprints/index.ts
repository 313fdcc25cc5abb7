// What later areas use of the blueprints area's adapters: they import it from here only (`make layers`).
export { presentBlueprint, presentVersion } from './http/blueprint-presenters.ts';
