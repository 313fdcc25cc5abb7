// Preloaded into a server process (`NODE_OPTIONS=--import=<this file>`): on SIGUSR2 it writes one line to stderr,
// `loaded {"builtins": [...], "files": [...]}`: Node's own modules loaded so far (`(process as NodeJS.Process & { moduleLoadList: string[] }).moduleLoadList`) and
// the URL of every module file loaded through Node's loader, CommonJS and ES modules alike.
import { registerHooks } from 'node:module';

const files: string[] = [];
registerHooks({
  load(url, context, nextLoad) {
    files.push(url);
    return nextLoad(url, context);
  },
});
process.on('SIGUSR2', () => {
  process.stderr.write(
    `loaded ${JSON.stringify({ builtins: (process as NodeJS.Process & { moduleLoadList: string[] }).moduleLoadList, files })}\n`,
  );
});
