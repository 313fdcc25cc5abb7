import type { Context } from 'koa';
import { DomainError, InvalidInput } from '../../domain/kernel/errors.ts';
import { illFormedPart } from '../../domain/kernel/well-formed-json.ts';
import { urlEncodedBody } from '../platform/http/body-parsers.ts';

class NotAForm extends DomainError {
  constructor() {
    super('unsupported', 'unsupported_media_type', 'this page accepts only HTML form submissions');
  }
}

/** The largest form body read (413 above). */
const FORM_LIMIT_BYTES = 16 * 1024;
const parseForm = urlEncodedBody(FORM_LIMIT_BYTES);

/** The fields of a submitted form; repeated or nested fields are ignored (only plain strings count). */
export type FormFields = Readonly<Record<string, string | undefined>>;

/**
 * Reads an `application/x-www-form-urlencoded` body (16 KiB at most: 413 above); a field that is not storable
 * text (well-formed-json.ts) is a 400, as in the API.
 */
export async function readForm(ctx: Context): Promise<FormFields> {
  if (!ctx.is('application/x-www-form-urlencoded')) throw new NotAForm();
  await parseForm(ctx, async () => {});
  const body = (ctx.request.body ?? {}) as Record<string, unknown>;
  const fields: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(body)) if (typeof value === 'string') fields[name] = value;
  const illFormed = illFormedPart(fields);
  if (illFormed) throw new InvalidInput(`the form field ${illFormed.pointer.slice(1)} ${illFormed.problem}`);
  return fields;
}
