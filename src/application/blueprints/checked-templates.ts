import type { BlueprintTemplate } from '../../domain/blueprints/blueprint-template.ts';
import { graphProblems } from '../../domain/blueprints/graph-problems.ts';
import type { ExpressionLanguage } from './ports/expression-language.ts';

/** A template as read from its file, before it is checked. */
export interface TemplateFile {
  readonly file: string;
  readonly content: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FIELDS = ['id', 'name', 'description', 'graph'];

/**
 * The templates, sorted by id, when every one is valid: `{id (UUID, unique), name, description, graph}` with a
 * graph the graph validation accepts. Otherwise an Error naming every problem of every file, so that a server
 * shipped with a broken template does not start.
 */
export function checkedTemplates(
  files: readonly TemplateFile[],
  expressions: ExpressionLanguage,
): BlueprintTemplate[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const { file, content } of files) {
    const add = (path: string, message: string) => problems.push(`${file} ${path}: ${message}`);
    if (typeof content !== 'object' || content === null || Array.isArray(content)) {
      add('/', 'must be an object');
      continue;
    }
    const template = content as Record<string, unknown>;
    for (const key of Object.keys(template)) if (!FIELDS.includes(key)) add(`/${key}`, 'is not a field');
    if (typeof template.id !== 'string' || !UUID.test(template.id)) add('/id', 'must be a lowercase UUID');
    else if (seen.has(template.id)) add('/id', 'is the id of another template');
    else seen.add(template.id);
    for (const key of ['name', 'description']) {
      const value = template[key];
      if (typeof value !== 'string' || value.trim() === '' || value.length > 1000) {
        add(`/${key}`, 'must be a non-empty string of at most 1000 characters');
      }
    }
    for (const problem of graphProblems(
      template.graph,
      (source) => expressions.problemIn(source),
      '/graph',
    )) {
      add(problem.path, problem.message);
    }
  }
  if (problems.length > 0) throw new Error(`invalid blueprint templates: ${problems.join('; ')}`);
  return files
    .map(({ content }) => content as BlueprintTemplate)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
