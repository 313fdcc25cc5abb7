import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TemplateFile } from '../../application/blueprints/checked-templates.ts';

/** Where the built-in templates ship: one JSON file each. */
export const TEMPLATES_DIRECTORY = join(import.meta.dirname, 'templates');

/** Every `*.json` file of `directory`, parsed, by name; a file that is not JSON fails the start, named. */
export function readTemplateFiles(directory = TEMPLATES_DIRECTORY): TemplateFile[] {
  return readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((file) => {
      const text = readFileSync(join(directory, file), 'utf8');
      try {
        return { file, content: JSON.parse(text) as unknown };
      } catch (error) {
        throw new Error(`invalid blueprint templates: ${file} is not JSON (${(error as Error).message})`);
      }
    });
}
