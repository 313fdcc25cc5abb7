import { Ajv, type ValidateFunction } from 'ajv';
import type { JsonSchemaChecks } from '../../application/evaluations/ports/json-schema-checks.ts';
import { InvalidInput } from '../../domain/kernel/errors.ts';
import type { JsonObject } from '../../domain/kernel/json-document.ts';

/** Compiled schemas kept (by their JSON text): an evaluation scores every item against the same few. */
const CACHED = 100;

/** `json_schema` scorers' schemas compiled by ajv, strict mode off (users' schemas carry unknown keywords). */
export class AjvJsonSchemaChecks implements JsonSchemaChecks {
  readonly #ajv = new Ajv({ strict: false, allErrors: false, validateSchema: true });
  readonly #compiled = new Map<string, ValidateFunction>();

  assertCompiles(schema: JsonObject, at: string): void {
    try {
      this.#compile(schema);
    } catch (error) {
      throw new InvalidInput(`${at} is not a JSON Schema that compiles: ${(error as Error).message}`);
    }
  }

  isValid(schema: JsonObject, value: unknown): boolean {
    return this.#compile(schema)(value) === true;
  }

  #compile(schema: JsonObject): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.#compiled.get(key);
    if (!validate) {
      // A schema's own `$id` would clash with an earlier compile of an equal one: compile a copy without it.
      const { $id: _id, ...anonymous } = schema as Record<string, unknown>;
      validate = this.#ajv.compile(anonymous);
      if (this.#compiled.size >= CACHED) this.#compiled.delete(this.#compiled.keys().next().value as string);
      this.#compiled.set(key, validate);
    }
    return validate;
  }
}
