import { CanonicalGraphDigest } from '../adapters/blueprints/canonical-graph-digest.ts';
import { blueprintRoutes } from '../adapters/blueprints/http/blueprint-routes.ts';
import { JsonataExpressions } from '../adapters/blueprints/jsonata-expressions.ts';
import { InMemoryBlueprintRepository } from '../adapters/blueprints/memory/in-memory-blueprint-repository.ts';
import { PostgresBlueprintRepository } from '../adapters/blueprints/postgres/postgres-blueprint-repository.ts';
import { Rfc6902JsonDiff } from '../adapters/blueprints/rfc6902-json-diff.ts';
import { type CreateBlueprint, makeCreateBlueprint } from '../application/blueprints/create-blueprint.ts';
import {
  type CreateBlueprintVersion,
  makeCreateBlueprintVersion,
} from '../application/blueprints/create-blueprint-version.ts';
import { type DeleteBlueprint, makeDeleteBlueprint } from '../application/blueprints/delete-blueprint.ts';
import {
  type DiffBlueprintVersions,
  makeDiffBlueprintVersions,
} from '../application/blueprints/diff-blueprint-versions.ts';
import { type GetBlueprint, makeGetBlueprint } from '../application/blueprints/get-blueprint.ts';
import {
  type GetBlueprintVersion,
  makeGetBlueprintVersion,
} from '../application/blueprints/get-blueprint-version.ts';
import {
  type ListBlueprintVersions,
  makeListBlueprintVersions,
} from '../application/blueprints/list-blueprint-versions.ts';
import { type ListBlueprints, makeListBlueprints } from '../application/blueprints/list-blueprints.ts';
import type { BlueprintRepository } from '../application/blueprints/ports/blueprint-repository.ts';
import type { ExpressionLanguage } from '../application/blueprints/ports/expression-language.ts';
import type { GraphDigest } from '../application/blueprints/ports/graph-digest.ts';
import type { JsonDiff } from '../application/blueprints/ports/json-diff.ts';
import { makeUpdateBlueprint, type UpdateBlueprint } from '../application/blueprints/update-blueprint.ts';
import { makeValidateGraph, type ValidateGraph } from '../application/blueprints/validate-graph.ts';
import type { Area } from './area.ts';
import { adaptersFor } from './persistence.ts';
import { registrar } from './registration.ts';
import type { ThroughSandboxes } from './sandboxes.ts';

/** Blueprints: versioned workflow graphs (CONTRACT section 9). */
export interface BlueprintsCradle {
  blueprints: BlueprintRepository;
  expressions: ExpressionLanguage;
  graphDigest: GraphDigest;
  jsonDiff: JsonDiff;
  createBlueprint: CreateBlueprint;
  listBlueprints: ListBlueprints;
  getBlueprint: GetBlueprint;
  updateBlueprint: UpdateBlueprint;
  deleteBlueprint: DeleteBlueprint;
  createBlueprintVersion: CreateBlueprintVersion;
  listBlueprintVersions: ListBlueprintVersions;
  getBlueprintVersion: GetBlueprintVersion;
  diffBlueprintVersions: DiffBlueprintVersions;
  validateGraph: ValidateGraph;
}

export type ThroughBlueprints = ThroughSandboxes & BlueprintsCradle;

const { singleton, instance } = registrar<ThroughBlueprints>();
const { stored } = adaptersFor<ThroughBlueprints>();

export const blueprints: Area<BlueprintsCradle, ThroughBlueprints> = {
  name: 'blueprints',
  register: ({ persistence }) => ({
    blueprints: singleton(
      stored(persistence, {
        postgres: ({ db }) => new PostgresBlueprintRepository({ db }),
        memory: (store) => new InMemoryBlueprintRepository({ store }),
      }),
    ),
    expressions: singleton(
      () => new JsonataExpressions(),
      (expressions) => (expressions as JsonataExpressions).close(),
    ),
    graphDigest: instance(CanonicalGraphDigest),
    jsonDiff: instance(Rfc6902JsonDiff),
    createBlueprint: singleton(makeCreateBlueprint),
    listBlueprints: singleton(makeListBlueprints),
    getBlueprint: singleton(makeGetBlueprint),
    updateBlueprint: singleton(makeUpdateBlueprint),
    deleteBlueprint: singleton(makeDeleteBlueprint),
    createBlueprintVersion: singleton(makeCreateBlueprintVersion),
    listBlueprintVersions: singleton(makeListBlueprintVersions),
    getBlueprintVersion: singleton(makeGetBlueprintVersion),
    diffBlueprintVersions: singleton(makeDiffBlueprintVersions),
    validateGraph: singleton(makeValidateGraph),
  }),
  routes: blueprintRoutes,
};
