import { InvalidInput } from '../../../domain/kernel/errors.ts';
import type { FormFields } from '../form-body.ts';
import { html, type SafeHtml } from '../html.ts';

/** What the datasets and evaluations pages share: JSON fields (written and shown) and scores as numbers. */

/** A labelled multi-line field for JSON (its hint tied to it for screen readers). */
export function jsonArea(input: {
  readonly name: string;
  readonly label: string;
  readonly value?: string | undefined;
  readonly hint: string;
  readonly rows?: number;
}): SafeHtml {
  const id = `field-${input.name}`;
  return html`<label for="${id}">${input.label}<textarea id="${id}" name="${input.name}" rows="${input.rows ?? 3}" spellcheck="false" aria-describedby="${id}-hint">${input.value ?? ''}</textarea><span class="hint" id="${id}-hint">${input.hint}</span></label>`;
}

/** A form field read as JSON: empty is `undefined` unless required; anything that does not parse is bad input. */
export function jsonOf(form: FormFields, name: string, label: string, required = false): unknown {
  const text = (form[name] ?? '').trim();
  if (text === '') {
    if (required) throw new InvalidInput(`fill in ${label} (JSON)`);
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InvalidInput(`${label} is not JSON: ${(error as Error).message}`);
  }
}

/** A JSON value as a page shows it: compact, as code (a dash for nothing). */
export function jsonCell(value: unknown): SafeHtml | string {
  if (value === undefined || value === null) return '—';
  return html`<code>${JSON.stringify(value)}</code>`;
}

/** A score or mean with three decimals (a dash for none). */
export const score = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : value.toFixed(3);

/** A share as a whole percentage. */
export const percent = (value: number) => `${Math.round(value * 100)}%`;
