import { type Logger, pino } from 'pino';

const symbols = pino.symbols;

/** What pino keeps on a logger under its symbols, as read here. */
interface LoggerState {
  readonly lsCache: Record<number, string>;
  readonly time: () => string;
  readonly chindings: string;
  readonly stream: { write(line: string): unknown };
  readonly hooks: { readonly streamWrite?: (line: string) => string };
}

/**
 * Writes lines the caller serialises itself to `logger`'s destination, as `logger.info(fields, message)` would
 * write them: the same level, time, bindings and message keys in the same order, the same hooks, the same level
 * check. For a line of fixed fields with nothing to redact, written on every request: pino's generic serialiser
 * (a loop over the fields, each value's type looked at, a child logger's bindings) was most of the access log's
 * cost. `pino.symbols` is pino's documented way in for integrations; a logger with a mixin or log formatters would
 * write other lines, and is refused.
 *
 * `fields` is the JSON members, each preceded by a comma (`,"a":1,"b":"x"`), values already escaped.
 */
export function infoLines(logger: Logger, message: string): (fields: string) => void {
  const read = <T>(symbol: symbol) => (logger as unknown as Record<symbol, unknown>)[symbol] as T;
  const formatters = read<{ log?: unknown } | undefined>(symbols.formattersSym);
  if (read(symbols.mixinSym) || formatters?.log || read(symbols.messageKeySym) !== 'msg') {
    throw new Error('infoLines: a logger with a mixin, log formatters or another message key');
  }
  const state: LoggerState = {
    lsCache: read(symbols.lsCacheSym),
    time: read(symbols.timeSym),
    chindings: read(symbols.chindingsSym),
    stream: read(symbols.streamSym),
    hooks: read(symbols.hooksSym),
  };
  const level = logger.levels.values.info as number;
  const end = `,"msg":${JSON.stringify(message)}}\n`;
  return (fields) => {
    if (logger.levelVal > level) return;
    const line = `${state.lsCache[level]}${state.time()}${state.chindings}${fields}${end}`;
    state.stream.write(state.hooks.streamWrite ? state.hooks.streamWrite(line) : line);
  };
}
