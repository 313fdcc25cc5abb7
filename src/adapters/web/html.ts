/** Markup that is already safe to write into a page (built by `html`, or a trusted constant). */
export class SafeHtml {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for an HTML element or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

type Value = SafeHtml | string | number | boolean | null | undefined | readonly Value[];

function render(value: Value): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false || value === true) return '';
  return escapeHtml(String(value));
}

/**
 * The only way pages are written: every interpolated value is escaped unless it is SafeHtml already, so a
 * username or user agent can never become markup. `null`, `undefined` and booleans render as nothing, which
 * allows `${condition && html`...`}`.
 */
export function html(strings: TemplateStringsArray, ...values: readonly Value[]): SafeHtml {
  let out = strings[0] ?? '';
  for (let index = 0; index < values.length; index++) {
    out += render(values[index]) + (strings[index + 1] ?? '');
  }
  return new SafeHtml(out);
}
