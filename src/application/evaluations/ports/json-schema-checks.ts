import type { JsonObject } from '../../../domain/kernel/json-document.ts';

/** JSON Schema (draft 2020-12 and 07) validation, an adapter's concern (ajv). */
export interface JsonSchemaChecks {
  /** Throws InvalidInput naming `at` when the schema does not compile. */
  assertCompiles(schema: JsonObject, at: string): void;
  /** Whether `value` is valid against the (compiled once, then cached) schema. */
  isValid(schema: JsonObject, value: unknown): boolean;
}
