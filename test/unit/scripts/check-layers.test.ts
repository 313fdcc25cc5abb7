import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { expect } from 'chai';

const SCRIPT = resolve(import.meta.dirname, '../../../scripts/check-layers.ts');

/** Runs `make layers`' script on a tree of files (path -> source) laid out like src/. */
function checkTree(tree: Record<string, string>): { status: number | null; output: string } {
  const root = mkdtempSync(join(tmpdir(), 'layers-'));
  try {
    for (const [path, source] of Object.entries(tree)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), source);
    }
    const run = spawnSync(process.execPath, [SCRIPT, root], { cwd: root, encoding: 'utf8' });
    return { status: run.status, output: run.stdout + run.stderr };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** A tree that keeps every rule: missions use workspaces through its index, areas use the kernel. */
const CLEAN = {
  'domain/kernel/errors.ts': 'export class DomainError extends Error {}\n',
  'domain/workspaces/workspace.ts': "import { DomainError } from '../kernel/errors.ts';\nexport class W {}\n",
  'domain/workspaces/index.ts': "export { W } from './workspace.ts';\n",
  'application/workspaces/access.ts': "import type { W } from '../../domain/workspaces/index.ts';\n",
  'application/workspaces/index.ts': "export type { Access } from './access.ts';\n",
  'application/missions/create.ts': "import type { Access } from '../workspaces/index.ts';\n",
  'adapters/platform/http.ts': "import { DomainError } from '../../domain/kernel/errors.ts';\n",
  'adapters/missions/routes.ts': "import { x } from '../platform/http.ts';\n",
  'composition/missions.ts': "import { routes } from '../adapters/missions/routes.ts';\n",
};

describe('make layers (scripts/check-layers.ts)', () => {
  it('passes a tree that keeps the rules', () => {
    const { status, output } = checkTree(CLEAN);
    expect(output).to.contain('layering check passed');
    expect(status).to.equal(0);
  });

  it('fails on an import of a later area, naming the file and the import', () => {
    const { status, output } = checkTree({
      ...CLEAN,
      'application/workspaces/leave.ts': "import type { Create } from '../missions/create.ts';\n",
    });
    expect(status).to.equal(1);
    expect(output).to.contain(
      "application/workspaces/leave.ts imports '../missions/create.ts': workspaces comes before missions: " +
        'an area never imports a later one',
    );
  });

  it("fails on an import of a file behind an earlier area's index.ts", () => {
    const { status, output } = checkTree({
      ...CLEAN,
      'application/missions/list.ts': "import type { Access } from '../workspaces/access.ts';\n",
    });
    expect(status).to.equal(1);
    expect(output).to.contain(
      "application/missions/list.ts imports '../workspaces/access.ts': another area is imported only through " +
        'src/application/workspaces/index.ts',
    );
  });

  it("fails on an area's file importing another area's module of the composition root", () => {
    const { status, output } = checkTree({
      ...CLEAN,
      'composition/missions.ts': "import type { ThroughRuns } from './runs.ts';\n",
      'composition/runs.ts': "import type { ThroughMissions } from './missions.ts';\n",
      'adapters/missions/routes.ts': "import type { ThroughRuns } from '../../composition/runs.ts';\n",
    });
    expect(status).to.equal(1);
    expect(output).to.contain(
      "adapters/missions/routes.ts imports '../../composition/runs.ts': an area imports from src/composition " +
        'only its own module',
    );
    expect(output).not.to.contain('composition/runs.ts imports');
  });

  it('fails on a shared place importing an area, even through its index', () => {
    const { status, output } = checkTree({
      ...CLEAN,
      'adapters/platform/cascade.ts': "import { W } from '../../domain/workspaces/index.ts';\n",
    });
    expect(status).to.equal(1);
    expect(output).to.contain(
      "adapters/platform/cascade.ts imports '../../domain/workspaces/index.ts': adapters/platform is shared: " +
        'it imports no area',
    );
  });

  it('fails on a folder that is neither an area nor shared, and keeps the layer rules', () => {
    const { status, output } = checkTree({
      ...CLEAN,
      'domain/billing/invoice.ts': '',
      'domain/workspaces/clock.ts': "import { now } from '../../application/kernel/clock.ts';\n",
    });
    expect(status).to.equal(1);
    expect(output).to.contain('domain/billing/invoice.ts: domain/billing is neither an area');
    expect(output).to.contain(
      "domain/workspaces/clock.ts imports '../../application/kernel/clock.ts': domain imports only domain",
    );
  });
});
