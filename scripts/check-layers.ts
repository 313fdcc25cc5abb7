// The layering rules, checked on every import in src/ (run by `make check`):
//   domain       imports only domain;
//   application  imports only application and domain;
//   adapters     are imported only by adapters and the composition root (container.ts, composition/, boot.ts,
//                server.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', 'src');
const IMPORT =
  /(?:^|\s)(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;
const COMPOSITION_ROOTS = new Set(['container.ts', 'server.ts', 'boot.ts', 'composition']);

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.name.endsWith('.ts')) yield path;
  }
}

const layerOf = (file: string) => relative(root, file).split('/')[0] ?? '';

const violations: string[] = [];
for (const file of files(root)) {
  const layer = layerOf(file);
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? match[3] ?? '';
    const local = specifier.startsWith('.');
    const target = local ? layerOf(resolve(dirname(file), specifier)) : undefined;
    const where = `${relative(process.cwd(), file)} imports '${specifier}'`;
    if (layer === 'domain' && target !== 'domain') violations.push(`${where}: domain imports only domain`);
    if (layer === 'application' && target !== 'application' && target !== 'domain') {
      violations.push(`${where}: application imports only application and domain`);
    }
    if (target === 'adapters' && layer !== 'adapters' && !COMPOSITION_ROOTS.has(layer)) {
      violations.push(`${where}: only the composition root imports adapters`);
    }
  }
}

if (violations.length > 0) {
  console.error(`layering check failed:\n  ${violations.join('\n  ')}`);
  process.exit(1);
}
console.log('layering check passed');
