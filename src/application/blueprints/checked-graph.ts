import type { Graph } from '../../domain/blueprints/graph.ts';
import { graphProblems } from '../../domain/blueprints/graph-problems.ts';
import { InvalidFields } from '../../domain/kernel/errors.ts';
import type { ExpressionLanguage } from './ports/expression-language.ts';

/** `graph` when it is a valid graph; else InvalidFields naming every problem at its path below `/graph`. */
export function checkedGraph(graph: unknown, expressions: ExpressionLanguage): Graph {
  const problems = graphProblems(graph, (source) => expressions.problemIn(source), '/graph');
  if (problems.length > 0) throw new InvalidFields(problems, 'the graph is not valid: see errors');
  return graph as Graph;
}
