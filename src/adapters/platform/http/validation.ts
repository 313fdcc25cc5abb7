import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { InvalidFields } from '../../../domain/kernel/errors.ts';
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

/** A request its route's schema refuses. */
export class ValidationFailed extends InvalidFields {}

export type Validator = (value: unknown) => void;

/**
 * The validator of one route's `location`, compiled on its first use: compiling every route's schemas at
 * start took a fifth of the start-up time and kept code for routes a process may never serve. A schema ajv
 * refuses would then fail its route's first request; `compileSchema` is how a test checks them all at once.
 */
export function compileValidator(location: Location, schema: JsonSchema): Validator {
  let validate: ValidateFunction | undefined;
  return (value) => {
    validate ??= compileSchema(location, schema);
    if (!validate(value))
      throw new ValidationFailed((validate.errors ?? []).map((e) => describe(location, e)));
  };
}

/** Compiles `schema` for `location` now (ajv caches it): throws when ajv refuses the schema. */
export function compileSchema(location: Location, schema: JsonSchema): ValidateFunction {
  return (location === 'body' ? bodyAjv : stringAjv).compile(schema);
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
