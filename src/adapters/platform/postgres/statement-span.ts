import type { SpanAttributes } from '../../../application/kernel/ports/tracer.ts';

/** The longest statement text a span carries. */
const MAX_TEXT = 2000;

/**
 * A statement's span: named by its operation and first table (`select runs`, `insert into runs`), with the
 * statement's text, whose values are all bound parameters (`$1`, ...) and never part of it.
 */
export function statementSpan(sql: string): { name: string; attributes: SpanAttributes } {
  const operation = /^\s*([a-z]+)/i.exec(sql)?.[1]?.toLowerCase() ?? 'sql';
  const table = /\b(?:from|into|update)\s+([a-z_][a-z0-9_]*)/i.exec(sql)?.[1]?.toLowerCase();
  return {
    name: table ? `pg ${operation} ${table}` : `pg ${operation}`,
    attributes: {
      'db.system.name': 'postgresql',
      'db.operation.name': operation,
      ...(table && { 'db.collection.name': table }),
      'db.query.text': sql.length > MAX_TEXT ? sql.slice(0, MAX_TEXT) : sql,
    },
  };
}
