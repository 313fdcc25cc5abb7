import { readFileSync } from 'node:fs';
const mods = process.argv.slice(2);
for (const m of mods) await import(m);
(globalThis as any).gc();
const s = readFileSync('/proc/self/status','utf8');
const mu = process.memoryUsage();
console.log(mods.map(m=>m.split('/').pop()).join('+').padEnd(50), /VmRSS:\s+(\d+)/.exec(s)![1], 'heap', (mu.heapUsed/1048576).toFixed(1));
