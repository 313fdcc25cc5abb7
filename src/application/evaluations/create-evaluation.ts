import {
  type Evaluation,
  type EvaluationTarget,
  newEvaluation,
} from '../../domain/evaluations/evaluation.ts';
import { parseScorers, type ScorerDraft, type ScorerSpec } from '../../domain/evaluations/scorer.ts';
import { InvalidFields, InvalidInput } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { type AgentAccessDeps, accessibleAgent } from '../agents/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import { accessibleMission, type MissionAccessDeps } from '../missions/index.ts';
import type { ProviderAccountRepository } from '../models/index.ts';
import {
  accessibleDataset,
  type DatasetAccessDeps,
  type EvaluationAccessDeps,
} from './accessible-dataset.ts';
import type { JsonSchemaChecks } from './ports/json-schema-checks.ts';

export interface CreateEvaluationInput {
  readonly dataset_id: string;
  readonly name?: string;
  readonly target: { readonly mission_id: string } | { readonly agent_id: string; readonly version?: number };
  readonly scorers: readonly ScorerDraft[];
  readonly concurrency?: number;
}

export type CreateEvaluation = (principal: Principal, input: CreateEvaluationInput) => Promise<Evaluation>;

export type CreateEvaluationDeps = DatasetAccessDeps &
  EvaluationAccessDeps &
  MissionAccessDeps &
  AgentAccessDeps & {
    providerAccounts: ProviderAccountRepository;
    jsonSchemaChecks: JsonSchemaChecks;
    unitOfWork: UnitOfWork;
    clock: Clock;
    ids: IdGenerator;
    nudgeEvaluations: () => void;
  };

/**
 * Admins and owners evaluate a mission or a version of an agent (default: its latest) of the dataset's
 * workspace on every item of the dataset, with checked scorers: the evaluation and its copy of the items are
 * stored together, then any instance carries it out in the background.
 */
export function makeCreateEvaluation(deps: CreateEvaluationDeps): CreateEvaluation {
  return async (principal, input) => {
    const dataset = await accessibleDataset(deps, principal, input.dataset_id, 'admin');
    const target = await targetOf(deps, principal, dataset.workspaceId, input.target);
    const scorers = parseScorers(input.scorers, (schema, at) =>
      deps.jsonSchemaChecks.assertCompiles(schema, at),
    );
    await checkJudges(deps, dataset.workspaceId, scorers);
    const evaluation = newEvaluation({
      id: deps.ids.newId(),
      workspaceId: dataset.workspaceId,
      datasetId: dataset.id,
      name: input.name,
      target,
      scorers,
      concurrency: input.concurrency,
      total: 0,
      createdBy: principal.kind === 'user' ? principal.userId : null,
      now: deps.clock.now(),
    });
    const stored = await deps.unitOfWork.transaction(async () => {
      const made = await deps.evaluations.addWithItems(evaluation);
      if (made.total === 0) throw new InvalidInput('the dataset has no items to evaluate');
      return made;
    });
    deps.nudgeEvaluations();
    return stored;
  };
}

async function targetOf(
  deps: CreateEvaluationDeps,
  principal: Principal,
  workspaceId: string,
  target: CreateEvaluationInput['target'],
): Promise<EvaluationTarget> {
  const elsewhere = (path: string) =>
    new InvalidFields([{ path, message: 'must name one of the dataset’s workspace' }]);
  if ('mission_id' in target) {
    const mission = await accessibleMission(deps, principal, target.mission_id, 'admin');
    if (mission.workspaceId !== workspaceId) throw elsewhere('/target/mission_id');
    return { missionId: mission.id };
  }
  const agent = await accessibleAgent(deps, principal, target.agent_id, 'admin');
  if (agent.workspaceId !== workspaceId) throw elsewhere('/target/agent_id');
  const version = target.version ?? agent.latestVersion;
  if (!(await deps.agents.findVersion(agent.id, version)))
    throw new InvalidFields([{ path: '/target/version', message: 'is no version of the agent' }]);
  return { agentId: agent.id, version };
}

async function checkJudges(deps: CreateEvaluationDeps, workspaceId: string, scorers: readonly ScorerSpec[]) {
  for (const [index, scorer] of scorers.entries()) {
    if (scorer.kind !== 'llm_judge') continue;
    const account = await deps.providerAccounts.findById(scorer.config.provider_id as string);
    if (account?.workspaceId !== workspaceId)
      throw new InvalidFields([
        {
          path: `/scorers/${index}/config/provider_id`,
          message: 'must name a model provider of the workspace',
        },
      ]);
  }
}
