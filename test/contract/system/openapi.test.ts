import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { expect } from 'chai';
import { suiteApp } from '../../support/http-suite.ts';
import { type Json, json } from '../../support/json.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const RULESET = join(ROOT, '.spectral.yaml');
/** The CLI's entry script, run with this very node so a shebang never picks an older one from PATH. */
const SPECTRAL = join(ROOT, 'node_modules/@stoplight/spectral-cli/dist/index.js');
/** Linted as deployed: production serves the API over TLS, so the document's `servers` entry is https. */
const PUBLIC_URL = 'https://api.example.test';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface Operation {
  readonly key: string;
  readonly op: Json;
}

interface SpectralResult {
  readonly code: string;
  readonly message: string;
  readonly path: readonly (string | number)[];
  readonly severity: number;
}

const SEVERITY = ['error', 'warning', 'information', 'hint'];

describe('published OpenAPI contract (GET /api/v2/openapi.json)', () => {
  const app = suiteApp({ PUBLIC_URL });
  let document: Json;

  before(async () => {
    const response = await app.request('/api/v2/openapi.json');
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^application\/json/);
    document = await json(response);
  });

  const operations = (): Operation[] =>
    Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => METHODS.includes(method))
        .map((method) => ({ key: `${method.toUpperCase()} ${path}`, op: item[method] })),
    );

  it('is a valid OpenAPI 3.1 document (swagger-parser)', async () => {
    expect(document.openapi).to.match(/^3\.1\.\d+$/);
    // validate() dereferences in place: give it a copy so the other checks see the document as served.
    await SwaggerParser.validate(structuredClone(document));
    expect(document.servers).to.deep.equal([{ url: PUBLIC_URL, 'x-internal': false }]);
  });

  it('publishes exactly the registered public routes, each with its method', () => {
    const registered = app.container.cradle.routes
      .filter((route) => !route.internal)
      .map((route) => `${route.method} ${route.path}`);
    const published = operations().map(({ key }) => key);
    expect(registered, 'registered routes').to.not.be.empty;
    expect(published, 'routes missing from the document').to.include.members(registered);
    expect(registered, 'documented paths that no route serves').to.include.members(published);
    expect(published).to.have.lengthOf(new Set(published).size);
    for (const route of app.container.cradle.routes.filter((r) => r.internal)) {
      expect(document.paths, `internal ${route.path}`).not.to.have.property(route.path);
    }
  });

  it('describes the outbound messages as OpenAPI 3.1 webhooks: one per event type, Standard Webhooks headers', () => {
    expect(Object.keys(document.webhooks)).to.have.members([
      'run.succeeded',
      'run.failed',
      'run.cancelled',
      'approval.requested',
    ]);
    for (const [name, item] of Object.entries(document.webhooks as Record<string, Json>)) {
      const headers = item.post.parameters
        .filter((p: Json) => p.in === 'header' && p.required)
        .map((p: Json) => p.name);
      expect(headers, name).to.deep.equal(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
      const body = item.post.requestBody.content['application/json'].schema;
      expect(body.required, name).to.deep.equal(['type', 'timestamp', 'data']);
      expect(body.properties.type.const, name).to.equal(name);
      const data = body.properties.data.properties;
      const subject = name.startsWith('approval.') ? data.approval : data.run;
      expect(subject.required, name).to.include.members(['id', 'status']);
    }
  });

  it('admits null in the enum of every schema whose type admits null (a validating proxy refuses it otherwise)', () => {
    const offenders: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (Array.isArray(node)) {
        node.forEach((item, index) => {
          walk(item, `${at}/${index}`);
        });
        return;
      }
      if (typeof node !== 'object' || node === null) return;
      const { type, enum: values } = node as { type?: unknown; enum?: unknown };
      if (Array.isArray(type) && type.includes('null') && Array.isArray(values) && !values.includes(null))
        offenders.push(at);
      for (const [key, value] of Object.entries(node)) walk(value, `${at}/${key}`);
    };
    walk(document, '#');
    expect(offenders).to.deep.equal([]);
  });

  it('uses unique operation ids', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).to.equal(true);
    expect(ids).to.have.lengthOf(new Set(ids).size);
  });

  it('declares 401 on every bearer operation, and a problem+json body on every error response', () => {
    const schemes = Object.keys(document.components.securitySchemes);
    for (const { key, op } of operations()) {
      expect(op.security, `${key} security`).to.be.an('array');
      const names = (op.security as Record<string, unknown>[]).flatMap((entry) => Object.keys(entry));
      expect(schemes, `${key} uses undeclared security schemes`).to.include.members(names);
      if (names.includes('bearerAuth')) expect(op.responses, key).to.have.property('401');
      const errors = Object.keys(op.responses).filter((status) => /^[45]/.test(status));
      expect(
        errors.some((status) => status.startsWith('4')),
        `${key} declares no 4xx`,
      ).to.equal(true);
      expect(
        errors.some((status) => status.startsWith('5')),
        `${key} declares no 5xx`,
      ).to.equal(true);
      for (const status of errors) {
        const content = op.responses[status].content ?? {};
        expect(content, `${key} ${status}`).to.have.property('application/problem+json');
        expect(content['application/problem+json'].schema).to.deep.equal({
          $ref: '#/components/schemas/Problem',
        });
      }
    }
  });

  it('passes Spectral (spectral:oas + OWASP API Security Top 10) with no error', async function () {
    this.timeout(60000);
    const dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
    try {
      const input = join(dir, 'openapi.json');
      const output = join(dir, 'results.json');
      await writeFile(input, JSON.stringify(document, null, 2));
      const started = performance.now();
      const run = await spectral([
        'lint',
        input,
        '--ruleset',
        RULESET,
        '--format',
        'json',
        '--output',
        output,
      ]);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const results = JSON.parse(await readFile(output, 'utf8')) as SpectralResult[];
      expect(run.code, `spectral exited ${run.code}: ${run.stderr}`).to.be.oneOf([0, 1]);
      const count = (severity: number) => results.filter((result) => result.severity === severity);
      const byRule = (list: SpectralResult[]) =>
        Object.entries(Object.groupBy(list, (result) => result.code))
          .map(([code, hits]) => `${code} x${hits?.length}`)
          .join(', ');
      console.log(
        `      spectral: ${count(0).length} errors, ${count(1).length} warnings in ${seconds}s` +
          (count(1).length > 0 ? ` (${byRule(count(1))})` : ''),
      );
      const errors = count(0).map(
        (result) =>
          `${SEVERITY[result.severity]} ${result.code} at ${result.path.join('.')}: ${result.message}`,
      );
      expect(errors, errors.join('\n')).to.deep.equal([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

function spectral(args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [SPECTRAL, ...args],
      { cwd: ROOT, timeout: 50000, env: { ...process.env, SCARF_ANALYTICS: 'false' } },
      (error, _stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(error);
        else resolve({ code: typeof error?.code === 'number' ? error.code : 0, stderr });
      },
    );
  });
}
