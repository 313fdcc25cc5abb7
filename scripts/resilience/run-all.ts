// `make resilience`: items 2 to 6 of issue 10 one after another, each printing its figures; exits non-zero when
// any figure does not hold. Every script can also be run alone (see its header for its options).
import { spawn } from 'node:child_process';

const node = process.execPath;
const steps: [string, string[], Record<string, string>?][] = [
  ['2. durability under SIGKILL', [node, 'scripts/resilience/durability.ts']],
  ['3. database outage', [node, 'scripts/resilience/database-outage.ts']],
  [
    '4. two instances on one database and Redis',
    [node, 'node_modules/.bin/mocha', '--reporter', 'spec'],
    { TESTS: 'test/integration/platform/two-instances.test.ts' },
  ],
  ['5. hostile input', [node, 'scripts/resilience/hostile-input.ts']],
  ['5. slow clients', [node, 'scripts/resilience/slow-clients.ts']],
  ['6. soak', [node, 'scripts/resilience/soak.ts']],
  ['issue 19. event streams: slow readers, revocation', [node, 'scripts/resilience/streams.ts']],
  ['issue 19. outbound dispatch fairness', [node, 'scripts/resilience/dispatch-fairness.ts']],
];

const results: [string, number | string, number][] = [];
for (const [name, [command, ...args], env] of steps) {
  const started = performance.now();
  const code = await new Promise<number | string>((resolve) =>
    spawn(command as string, args, { stdio: 'inherit', env: { ...process.env, ...env } }).on('exit', (c, s) =>
      resolve(c ?? s ?? 'unknown'),
    ),
  );
  results.push([name, code, (performance.now() - started) / 1000]);
}

console.log('\n== make resilience');
for (const [name, code, seconds] of results) {
  console.log(`   ${code === 0 ? 'ok  ' : 'FAIL'}  ${name} (${seconds.toFixed(0)} s)`);
}
const failed = results.filter(([, code]) => code !== 0).length;
console.log(failed === 0 ? '   every figure holds' : `   ${failed} of ${results.length} do not hold`);
process.exitCode = failed === 0 ? 0 : 1;
