import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { DomainError } from '../../domain/errors.ts';
import type { JsonSchema } from './route.ts';

// ajv-formats is CommonJS; under nodenext its default export arrives as the module namespace.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** JSON bodies are validated as sent: no coercion, unknown properties are errors (schemas say so). */
const bodyAjv = addFormats(new Ajv({ allErrors: true, useDefaults: true, strict: true }));
/** Path and query values arrive as strings: those validators coerce them to the declared types. */
const stringAjv = addFormats(
  new Ajv({ allErrors: true, useDefaults: true, coerceTypes: true, strict: true }),
);

export type Location = 'body' | 'query' | 'params';

export class ValidationFailed extends DomainError {
  readonly errors: readonly { path: string; message: string }[];
  constructor(errors: readonly { path: string; message: string }[]) {
    super('invalid', 'validation_failed', 'the request does not match the schema of this route');
    this.errors = errors;
  }
}

export type Validator = (value: unknown) => void;

export function compileValidator(location: Location, schema: JsonSchema): Validator {
  const validate: ValidateFunction = (location === 'body' ? bodyAjv : stringAjv).compile(schema);
  return (value) => {
    if (!validate(value))
      throw new ValidationFailed((validate.errors ?? []).map((e) => describe(location, e)));
  };
}

function describe(location: Location, error: ErrorObject): { path: string; message: string } {
  const base = `/${location}${error.instancePath}`;
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required')
    return { path: `${base}/${params.missingProperty}`, message: 'is required' };
  if (error.keyword === 'additionalProperties') {
    return { path: `${base}/${params.additionalProperty}`, message: 'is not an allowed property' };
  }
  return { path: base, message: error.message ?? 'is invalid' };
}
