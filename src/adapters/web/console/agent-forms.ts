import { InvalidFields, InvalidInput } from '../../../domain/kernel/errors.ts';
import type { ProviderAccount } from '../../../domain/models/index.ts';
import type { FormFields } from '../form-body.ts';
import { html, type SafeHtml } from '../html.ts';
import { requiredText } from './console-context.ts';
import { field } from './kit.ts';

/** The agent forms' pieces: the definition fields (create, edit), their reading, and multi-line fields. */

/** A labelled multi-line field (instructions, a message, tools as JSON). */
export function textArea(input: {
  name: string;
  label: string;
  value?: string | undefined;
  required?: boolean;
  hint?: string;
  rows?: number;
  /** When the page has several fields of one name (one per message). */
  id?: string;
}): SafeHtml {
  const id = input.id ?? `field-${input.name}`;
  const hint = input.hint && html`<span class="hint" id="${id}-hint">${input.hint}</span>`;
  return html`<label for="${id}">${input.label}<textarea id="${id}" name="${input.name}" rows="${input.rows ?? 4}"${input.required ? html` required` : ''}${input.hint ? html` aria-describedby="${id}-hint"` : ''}>${input.value ?? ''}</textarea>${hint}</label>`;
}

/** A use case's refusal of fields (400 at their paths) as one readable line for the form. */
export async function readably<T>(act: () => Promise<T>): Promise<T> {
  try {
    return await act();
  } catch (error) {
    if (!(error instanceof InvalidFields)) throw error;
    throw new InvalidInput(error.errors.map((problem) => `${problem.path} ${problem.message}`).join('; '));
  }
}

/** The tools of a form: a JSON array (empty: none), else bad input. */
export function toolsOf(form: FormFields): unknown[] {
  const text = (form.tools ?? '').trim();
  if (text === '') return [];
  let tools: unknown;
  try {
    tools = JSON.parse(text);
  } catch {
    throw new InvalidInput(
      'tools must be a JSON array, for example [{"type":"code","name":"run","description":"Runs code"}]',
    );
  }
  if (!Array.isArray(tools)) throw new InvalidInput('tools must be a JSON array');
  return tools;
}

/** The definition fields of the create and edit forms, showing `shown` (the latest version, or what was sent). */
export function definitionFields(providers: readonly ProviderAccount[], shown: FormFields): SafeHtml {
  return html`${field({
    name: 'provider_id',
    label: 'Model provider',
    value: shown.provider_id,
    options: providers.map((p) => ({ value: p.id, label: `${p.name} (${p.kind})` })),
  })}
${field({ name: 'model', label: 'Model', value: shown.model, required: true, hint: 'As the provider names it, for example gpt-4o-mini.' })}
${textArea({ name: 'instructions', label: 'Instructions', value: shown.instructions, required: true, rows: 5 })}
${textArea({ name: 'tools', label: 'Tools (JSON)', value: shown.tools, hint: 'A JSON array of tools (CONTRACT section 10); empty for none.' })}`;
}

/** The definition a create or edit form sends, checked for what the form itself can tell. */
export function definitionOf(form: FormFields) {
  return {
    provider_id: requiredText(form, 'provider_id', 'the model provider', 36),
    model: requiredText(form, 'model', 'the model', 200),
    instructions: requiredText(form, 'instructions', 'the instructions', 32_000),
    tools: toolsOf(form),
  };
}
