// The start command, `node src/main.ts`. It imports nothing of the application: the process relaunches
// itself first (launch.ts: a V8 flag, malloc arenas, Node's compile cache), with the same pid, stdio and
// arguments, so that the server (server.ts) is loaded once, in the process that serves.
import { enableCompileCache } from 'node:module';
import { privateCompileCacheDir, relaunchPlan } from './launch.ts';

const compileCacheDir = process.env.NODE_COMPILE_CACHE ? undefined : privateCompileCacheDir();
const relaunch = relaunchPlan({
  execPath: process.execPath,
  execArgv: process.execArgv,
  argv: process.argv,
  env: process.env,
  compileCacheDir,
});
// execve(2) replaces this process and never returns; where Node lacks it (Windows), this process serves.
if (relaunch && process.execve) process.execve(process.execPath, relaunch.args, relaunch.env);
if (compileCacheDir && !process.env.NODE_DISABLE_COMPILE_CACHE) enableCompileCache(compileCacheDir);
await import('./server.ts');
