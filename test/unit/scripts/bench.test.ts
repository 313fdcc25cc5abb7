import { expect } from 'chai';
import { GROUPS, parseBenchFlags, SCENARIOS } from '../../../scripts/bench/flags.ts';
import { formatVerdicts, verdicts } from '../../../scripts/bench/goals.ts';
import {
  type CpuProfile,
  shortUrl,
  summariseByPackage,
  summariseProfile,
} from '../../../scripts/bench/profile.ts';
import { formatTable, median, ratio, runFigures, summarise } from '../../../scripts/bench/stats.ts';

describe('bench harness', () => {
  describe('median', () => {
    it('is the middle value of an odd count, whatever the order', () => {
      expect(median([30, 10, 20])).to.equal(20);
      expect(median([5])).to.equal(5);
    });

    it('is the mean of the two middle values of an even count', () => {
      expect(median([4, 1, 3, 2])).to.equal(2.5);
    });

    it('is NaN for no values, and leaves its input unsorted', () => {
      expect(median([])).to.be.NaN;
      const values = [3, 1, 2];
      median(values);
      expect(values).to.deep.equal([3, 1, 2]);
    });
  });

  describe('ratio', () => {
    it('is the share of the ceiling, to 3 decimals', () => {
      expect(ratio(1800, 52000)).to.equal(0.035);
      expect(ratio(52000, 52000)).to.equal(1);
    });

    it('is null without a ceiling to compare with', () => {
      expect(ratio(100, undefined)).to.equal(null);
      expect(ratio(100, 0)).to.equal(null);
      expect(ratio(100, Number.NaN)).to.equal(null);
    });
  });

  describe('figures', () => {
    const result = {
      requests: { total: 1000, average: 99, p50: 0, p99: 0 },
      latency: { p50: 3, p99: 12, average: 4, total: 0 },
      duration: 4,
      errors: 2,
      timeouts: 1,
      non2xx: 5,
      statusCodeStats: {},
    };

    it('counts 2xx answers per second, or what the scenario counts when it says', () => {
      expect(runFigures(result)).to.deep.equal({ rps: 248.75, p50_ms: 3, p99_ms: 12, non_2xx: 5, errors: 3 });
      expect(runFigures(result, 400).rps).to.equal(100);
    });

    it('takes the median of rates and latencies and adds up the failures of every run', () => {
      const runs = [
        { rps: 100.4, p50_ms: 3, p99_ms: 30, non_2xx: 0, errors: 0 },
        { rps: 300, p50_ms: 1, p99_ms: 10, non_2xx: 2, errors: 1 },
        { rps: 200, p50_ms: 2, p99_ms: 20, non_2xx: 0, errors: 4 },
      ];
      expect(summarise(runs)).to.deep.equal({ rps: 200, p50_ms: 2, p99_ms: 20, non_2xx: 2, errors: 5 });
    });

    it('prints one aligned line per scenario, the ratio as a percentage or a dash', () => {
      const table = formatTable([
        [
          'ceiling',
          { rps: 52000, p50_ms: 1, p99_ms: 3, non_2xx: 0, errors: 0, ratio: 1, server_cpu: 0.01, cpu_us: 31 },
        ],
        [
          'me_during_login',
          {
            rps: 200,
            p50_ms: 4,
            p99_ms: 41,
            non_2xx: 0,
            errors: 0,
            ratio: null,
            server_cpu: 1.5,
            cpu_us: null,
          },
        ],
      ]).split('\n');
      expect(table).to.have.length(3);
      expect(table[1]).to.match(/^ceiling\s+52000\s+1\s+3\s+0\s+0\s+100\.0%\s+0\.01\s+31$/);
      expect(table[2]).to.match(/^me_during_login\s+200\s+4\s+41\s+0\s+0\s+-\s+1\.50\s+-$/);
      expect(new Set(table.map((line) => line.length)).size).to.equal(1);
    });
  });

  describe('goals', () => {
    const row = (rps: number, p99_ms = 2, cpu_us: number | null = null) => ({
      rps,
      p50_ms: 1,
      p99_ms,
      non_2xx: 0,
      errors: 0,
      ratio: null,
      server_cpu: 1,
      cpu_us,
    });

    it('judges each rate against its floor or ceiling of the same run, and the absolute goals as they are', () => {
      const rows = new Map([
        ['ceiling:healthz', row(1000, 2, 30)],
        ['healthz', row(900, 2, 40)],
        ['me', row(900, 2, 100)],
        ['floor_me_cached', row(1000, 2, 60)],
        ['ingest_1k', row(400)],
        ['floor_ingest_1k', row(200)],
        ['me_during_login', row(200, 31)],
        ['login', row(80)],
        ['claim_complete', row(600)],
      ]);
      const list = verdicts({ rows, argon2Bound: 100, idleRssMiB: 110, claimBatch: 1 });
      expect(list.map((v) => v.holds)).to.deep.equal([true, false, true, null, true, false, true, true]);
      expect(list[1]?.measured).to.equal('0.60x (60 / 100 µs); by rate 0.90x (900 / 1000/s)');
      expect(list[2]?.measured).to.equal('2.00x (400 / 200/s)');
      expect(
        verdicts({ rows, argon2Bound: 100, idleRssMiB: 115, claimBatch: 10 })
          .slice(-2)
          .map((v) => v.holds),
      ).to.deep.equal([false, false]);
      expect(formatVerdicts(list)).to.match(
        /healthz >= 0\.7x the bare Koa ceiling \(by CPU µs\/op\) +0\.75x \(30 \/ 40 µs\); by rate 0\.90x \(900 \/ 1000\/s\) {2}holds/,
      );
      expect(formatVerdicts(list)).to.include('not measured');
    });

    it('measures every scenario in exactly one group, the ceiling beside each rate judged against it', () => {
      expect([...new Set(GROUPS.flat())].sort()).to.deep.equal([...SCENARIOS].sort());
      expect(GROUPS.flat().filter((name) => name !== 'ceiling')).to.have.length(SCENARIOS.length - 1);
      for (const name of ['healthz', 'me', 'ingest_1k', 'ingest_64k'])
        expect(GROUPS.find((group) => group.includes(name as never))).to.include('ceiling');
    });
  });

  describe('flags', () => {
    it('defaults to every scenario, 10 s runs, 3 of them after 3 s of warm-up, 50 connections, 64 workers', () => {
      const options = parseBenchFlags([]);
      expect(options.scenarios).to.deep.equal(SCENARIOS);
      expect(options).to.include({
        duration: 10,
        runs: 3,
        warmup: 3,
        connections: 50,
        workers: 64,
        claimBatch: 1,
      });
      expect(options.output).to.equal('bench/results/latest.json');
      expect(options.profile).to.equal(undefined);
    });

    it('makes --quick one 3 s run after 1 s of warm-up, which explicit flags still override', () => {
      expect(parseBenchFlags(['--quick'])).to.include({ duration: 3, runs: 1, warmup: 1 });
      expect(parseBenchFlags(['--quick', '--duration', '5'])).to.include({ duration: 5, runs: 1 });
    });

    it('reads scenarios, connections, workers and the claim batch', () => {
      const options = parseBenchFlags([
        '--scenarios',
        'me,login',
        '--connections',
        '16',
        '--workers',
        '8',
        '--claim-batch',
        '10',
      ]);
      expect(options.scenarios).to.deep.equal(['me', 'login']);
      expect(options).to.include({ connections: 16, workers: 8, claimBatch: 10 });
    });

    it('runs only the profiled scenario', () => {
      const options = parseBenchFlags(['--profile', 'ingest_1k', '--scenarios', 'me']);
      expect(options.profile).to.equal('ingest_1k');
      expect(options.scenarios).to.deep.equal(['ingest_1k']);
    });

    it('refuses unknown scenarios and flags, and numbers it cannot use', () => {
      expect(() => parseBenchFlags(['--scenarios', 'me,nope'])).to.throw(/unknown scenario "nope"/);
      expect(() => parseBenchFlags(['--profile', 'all'])).to.throw(/unknown scenario/);
      expect(() => parseBenchFlags(['--profile', 'ceiling'])).to.throw(/not the server/);
      expect(() => parseBenchFlags(['--profile', 'floor_me'])).to.throw(/not the server/);
      expect(() => parseBenchFlags(['--bogus'])).to.throw();
      for (const [flag, value] of [
        ['--duration', '0'],
        ['--duration', 'ten'],
        ['--runs', '1.5'],
        ['--connections', '0'],
        ['--claim-batch', '0'],
      ]) {
        expect(() => parseBenchFlags([flag as string, value as string]), `${flag} ${value}`).to.throw(
          /must be/,
        );
      }
    });
  });

  describe('profile summary', () => {
    const frame = (functionName: string, url: string, lineNumber = 0) => ({ functionName, url, lineNumber });
    const cwd = process.cwd();
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)', '') },
        { id: 2, callFrame: frame('verify', `file://${cwd}/node_modules/jose/dist/verify.js`, 9) },
        { id: 3, callFrame: frame('verify', `file://${cwd}/node_modules/jose/dist/verify.js`, 9) },
        { id: 4, callFrame: frame('', `file://${cwd}/src/main.ts`, 41) },
        { id: 5, callFrame: frame('(idle)', '') },
      ],
      startTime: 0,
      endTime: 1000,
      // Sample i lasts until sample i + 1, the last one until endTime.
      samples: [2, 4, 3, 5, 2],
      timeDeltas: [100, 200, 100, 300, 100],
    };

    it('sums self time per function and script across nodes, the largest first, with its share', () => {
      expect(summariseProfile(profile)).to.deep.equal([
        // 200 (node 2) + 300 (node 3) + 200 (the last sample, node 2, until endTime) microseconds of 900.
        { name: 'verify', location: 'node_modules/jose/dist/verify.js:10', selfMs: 0.7, share: 0.778 },
        { name: '(anonymous)', location: 'src/main.ts:42', selfMs: 0.1, share: 0.111 },
        { name: '(idle)', location: '', selfMs: 0.1, share: 0.111 },
      ]);
    });

    it('also sums self time per package, project folder, area of Node and native name', () => {
      const at = (url: string) => ({ functionName: 'f', url, lineNumber: 0 });
      const byPackage = summariseByPackage({
        nodes: [
          { id: 1, callFrame: at(`file://${cwd}/node_modules/@mikro-orm/core/entity/EntityFactory.js`) },
          { id: 2, callFrame: at(`file://${cwd}/node_modules/@mikro-orm/core/utils/Utils.js`) },
          { id: 3, callFrame: at(`file://${cwd}/src/adapters/platform/http/respond.ts`) },
          { id: 4, callFrame: at('node:internal/crypto/util') },
          { id: 5, callFrame: frame('writev', '') },
        ],
        startTime: 0,
        endTime: 1000,
        samples: [1, 2, 3, 4, 5],
        timeDeltas: [0, 300, 300, 200, 100],
      });
      expect(byPackage.map((h) => [h.name, h.selfMs])).to.deep.equal([
        ['node_modules/@mikro-orm/core', 0.6],
        ['src/adapters/platform/http', 0.2],
        ['node:internal/crypto', 0.1],
        ['writev', 0.1],
      ]);
    });

    it('reads only the samples taken inside the window it is given', () => {
      // Samples at 100, 300, 400, 700 and 800 microseconds: the window keeps those at 300 and 400.
      expect(summariseProfile(profile, 15, { from: 250, to: 450 })).to.deep.equal([
        { name: 'verify', location: 'node_modules/jose/dist/verify.js:10', selfMs: 0.3, share: 0.75 },
        { name: '(anonymous)', location: 'src/main.ts:42', selfMs: 0.1, share: 0.25 },
      ]);
    });

    it('keeps only the top entries', () => {
      expect(summariseProfile(profile, 1).map((h) => h.name)).to.deep.equal(['verify']);
    });

    it('answers nothing for a profile without samples', () => {
      expect(summariseProfile({ nodes: [], startTime: 0, endTime: 10 })).to.deep.equal([]);
    });

    it('shortens script addresses to the package path or the project path', () => {
      expect(shortUrl('file:///srv/app/node_modules/koa/lib/application.js')).to.equal(
        'node_modules/koa/lib/application.js',
      );
      expect(shortUrl(`file://${cwd}/src/boot.ts`)).to.equal('src/boot.ts');
      expect(shortUrl('node:internal/streams/writable')).to.equal('node:internal/streams/writable');
    });
  });
});
