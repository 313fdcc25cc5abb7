// The layering rules, checked on every relative import in src/ (run by `make check`; `node
// scripts/check-layers.ts DIR` checks another tree laid out like src/):
//   domain       imports only domain;
//   application  imports only application and domain;
//   adapters     are imported only by adapters and the composition root (container.ts, composition/, boot.ts,
//                server.ts, config.ts and config/, main.ts, launch.ts).
// And between areas (one folder per area in each layer, `src/<layer>/<area>/`), in the order of AREAS:
//   an area never imports a later area;
//   an area imports an earlier area only through that area's `index.ts` in the same layer folder
//                (`src/application/identity/index.ts`), never a file behind it;
//   the shared places (domain/kernel, application/kernel, adapters/platform, adapters/migrations) import no
//                area; adapters/cli imports areas only through their `index.ts`;
//   an area's files import from src/composition only their own area's module (`composition/runs.ts`, for the
//                type of its cradle slice);
//   a folder under a layer is an area or a shared place (a new area is added to AREAS, in its place).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { AREA_ORDER } from '../src/composition/area-order.ts';

/** The areas, earliest first: each may use the ones before it (one list, shared with the composition root). */
const AREAS = AREA_ORDER;

/** Folders under a layer that are no area: what every area may use, importing no area itself. */
const SHARED = new Set(['domain/kernel', 'application/kernel', 'adapters/platform', 'adapters/migrations']);
/** The command-line adapter drives the whole application: any area, through its `index.ts`. */
const DRIVERS = new Set(['adapters/cli']);
const LAYERS = new Set(['domain', 'application', 'adapters']);
const COMPOSITION_ROOTS = new Set([
  'container.ts',
  'server.ts',
  'boot.ts',
  'config.ts',
  'config',
  'main.ts',
  'launch.ts',
  'composition',
]);
const IMPORT =
  /(?:^|\s)(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

/** Where a file sits: its layer (or root file / folder), and for a layer its area or shared place. */
interface Place {
  readonly layer: string;
  /** `<layer>/<folder>` for a file inside a layer's folder, else undefined. */
  readonly folder: string | undefined;
  /** The index of its area in AREAS, or -1. */
  readonly area: number;
  /** The path below `<layer>/<folder>/`. */
  readonly rest: string;
}

function placeOf(root: string, file: string): Place {
  const parts = relative(root, file).split(sep);
  const layer = parts[0] ?? '';
  if (layer === 'composition' && parts.length === 2) {
    // An area's module (`composition/runs.ts`) belongs to its area.
    const name = (parts[1] ?? '').replace(/\.ts$/, '');
    return { layer, folder: undefined, area: (AREAS as readonly string[]).indexOf(name), rest: '' };
  }
  if (!LAYERS.has(layer) || parts.length < 3) return { layer, folder: undefined, area: -1, rest: '' };
  const name = parts[1] ?? '';
  return {
    layer,
    folder: `${layer}/${name}`,
    area: (AREAS as readonly string[]).indexOf(name),
    rest: parts.slice(2).join('/'),
  };
}

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.name.endsWith('.ts')) yield path;
  }
}

/** The area rules for one import between two places of src (see the top of this file). */
function areaViolation(from: Place, to: Place): string | undefined {
  if (from.layer === 'composition') return undefined; // the composition root wires every area
  if (from.folder !== undefined && to.layer === 'composition' && to.area !== from.area) {
    return 'an area imports from src/composition only its own module (its cradle slice)';
  }
  if (to.area < 0 || to.area === from.area) return undefined;
  if (from.folder !== undefined && SHARED.has(from.folder)) {
    return `${from.folder} is shared: it imports no area`;
  }
  const through = `src/${to.folder}/index.ts`;
  if (from.area >= 0 && to.area > from.area) {
    return `${AREAS[from.area]} comes before ${AREAS[to.area]}: an area never imports a later one`;
  }
  if ((from.area >= 0 || (from.folder !== undefined && DRIVERS.has(from.folder))) && to.rest !== 'index.ts') {
    return `another area is imported only through ${through}`;
  }
  return undefined;
}

/** Every broken rule in the tree under `root` (a `src/`), one message per offending import. */
function layerViolations(root: string): string[] {
  const violations: string[] = [];
  for (const file of files(root)) {
    const from = placeOf(root, file);
    const where = relative(process.cwd(), file);
    if (from.folder !== undefined && from.area < 0 && !SHARED.has(from.folder) && !DRIVERS.has(from.folder)) {
      violations.push(
        `${where}: ${from.folder} is neither an area (AREAS in scripts/check-layers.ts) nor shared`,
      );
    }
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3] ?? '';
      const to = specifier.startsWith('.') ? placeOf(root, resolve(dirname(file), specifier)) : undefined;
      const target = to?.layer;
      const at = `${where} imports '${specifier}'`;
      if (from.layer === 'domain' && target !== 'domain')
        violations.push(`${at}: domain imports only domain`);
      if (from.layer === 'application' && target !== 'application' && target !== 'domain') {
        violations.push(`${at}: application imports only application and domain`);
      }
      if (target === 'adapters' && from.layer !== 'adapters' && !COMPOSITION_ROOTS.has(from.layer)) {
        violations.push(`${at}: only the composition root imports adapters`);
      }
      const broken = to && areaViolation(from, to);
      if (broken) violations.push(`${at}: ${broken}`);
    }
  }
  return violations;
}

const checked = resolve(process.argv[2] ?? join(import.meta.dirname, '..', 'src'));
const violations = layerViolations(checked);
if (violations.length > 0) {
  console.error(`layering check failed:\n  ${violations.join('\n  ')}`);
  process.exit(1);
}
console.log('layering check passed');
