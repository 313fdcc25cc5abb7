import type { EvaluationItem } from '../../domain/evaluations/evaluation-item.ts';
import type { ScorerSpec } from '../../domain/evaluations/scorer.ts';
import {
  containsScore,
  exactMatchScore,
  numericScore,
  parseJudgement,
  parseScore,
  ScoreRefused,
  scoredValue,
  textOf,
} from '../../domain/evaluations/scoring-rules.ts';
import type { JsonObject } from '../../domain/kernel/json-document.ts';
import type { ModelProviders, ProviderAccountRepository } from '../models/index.ts';
import type { Sandbox } from '../sandboxes/index.ts';
import type { JsonSchemaChecks } from './ports/json-schema-checks.ts';

export interface ScoreItemDeps {
  readonly sandbox: Sandbox;
  readonly jsonSchemaChecks: JsonSchemaChecks;
  readonly providerAccounts: ProviderAccountRepository;
  readonly modelProviders: ModelProviders;
}

/** The scores (and refusals) of one item whose run finished: 0 on every scorer when the run did not succeed. */
export type ScoreItem = (
  scorers: readonly ScorerSpec[],
  workspaceId: string,
  item: Pick<EvaluationItem, 'input' | 'output' | 'expected' | 'error'>,
) => Promise<{ scores: Record<string, number>; errors: Record<string, string> | null }>;

// A user's pattern runs in the sandbox: a pattern that backtracks without end must not hold the event loop.
const REGEX_CODE =
  'function main({ pattern, flags, text }) { return new RegExp(pattern, flags).test(text); }';
const JUDGE_INSTRUCTIONS =
  'You grade the output of an AI system against a rubric. Answer with one JSON object and nothing else: ' +
  '{"score": <a number from 0 to 1>, "reason": "<one sentence>"}.';

export function makeScoreItem(deps: ScoreItemDeps): ScoreItem {
  const one = async (scorer: ScorerSpec, workspaceId: string, item: Parameters<ScoreItem>[2]) => {
    const value = scoredValue(item.output, scorer.config.path);
    const { expected } = item;
    switch (scorer.kind) {
      case 'exact_match':
        return exactMatchScore(value, expected);
      case 'contains':
        return containsScore(value, expected);
      case 'numeric':
        return numericScore(value, expected, scorer.config.tolerance ?? 0);
      case 'json_schema':
        return value !== undefined && deps.jsonSchemaChecks.isValid(scorer.config.schema as JsonObject, value)
          ? 1
          : 0;
      case 'regex': {
        const input = {
          pattern: scorer.config.pattern,
          flags: `${scorer.config.flags ?? ''}u`,
          text: textOf(value),
        };
        const result = await deps.sandbox.run({ code: REGEX_CODE, input, timeoutMs: 1_000, memoryMb: 32 });
        if (result.error) throw new ScoreRefused(`the pattern did not finish: ${result.error.message}`);
        return result.output === true ? 1 : 0;
      }
      case 'code': {
        const input = { input: item.input, output: value ?? null, expected };
        const result = await deps.sandbox.run({
          code: scorer.config.source as string,
          input,
          timeoutMs: 2_000,
          memoryMb: 64,
        });
        if (result.error) throw new ScoreRefused(`${result.error.name}: ${result.error.message}`);
        return parseScore(result.output, 'the value main returned');
      }
      case 'llm_judge':
        return judge(deps, scorer, workspaceId, { input: item.input, output: value, expected });
    }
  };
  return async (scorers, workspaceId, item) => {
    const scores: Record<string, number> = {};
    const errors: Record<string, string> = {};
    for (const scorer of scorers) {
      if (item.error !== null) {
        scores[scorer.name] = 0;
        continue;
      }
      try {
        scores[scorer.name] = await one(scorer, workspaceId, item);
      } catch (error) {
        scores[scorer.name] = 0;
        errors[scorer.name] = (error as Error).message.slice(0, 1_000);
      }
    }
    return { scores, errors: Object.keys(errors).length > 0 ? errors : null };
  };
}

async function judge(
  deps: ScoreItemDeps,
  scorer: ScorerSpec,
  workspaceId: string,
  seen: { input: unknown; output: unknown; expected: unknown },
): Promise<number> {
  const account = await deps.providerAccounts.findById(scorer.config.provider_id as string);
  if (account?.workspaceId !== workspaceId) throw new ScoreRefused('the judge’s model provider is gone');
  const content =
    `Rubric:\n${scorer.config.rubric}\n\nInput:\n${textOf(seen.input)}\n\nOutput:\n${textOf(seen.output)}\n\n` +
    `Expected:\n${textOf(seen.expected)}`;
  let answer = '';
  for await (const event of deps.modelProviders(account).chat({
    model: scorer.config.model as string,
    instructions: JUDGE_INSTRUCTIONS,
    messages: [{ role: 'user', content }],
    temperature: 0,
  })) {
    if (event.type === 'done') answer = event.answer.content;
  }
  return parseJudgement(answer).score;
}
