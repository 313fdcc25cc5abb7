import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { readTemplateFiles } from '../../../../src/adapters/blueprints/template-files.ts';
import { checkedTemplates } from '../../../../src/application/blueprints/checked-templates.ts';
import { makeListTemplates } from '../../../../src/application/blueprints/list-templates.ts';
import type { ExpressionLanguage } from '../../../../src/application/blueprints/ports/expression-language.ts';
import type { BlueprintTemplate } from '../../../../src/domain/blueprints/blueprint-template.ts';

/** A stand-in parser: `!!` never parses. */
const expressions = {
  problemIn: (source: string) => (source.includes('!!') ? 'bad expression' : undefined),
} as ExpressionLanguage;

const template = (id: string, graph: unknown = { nodes: [{ id: 'a', kind: 'condition' }], edges: [] }) => ({
  id,
  name: `Template ${id.slice(0, 4)}`,
  description: 'Does a thing.',
  graph,
});
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

describe('built-in blueprint templates', () => {
  it('the shipped files are valid: relay, approval, map, report and an agent answering a webhook', () => {
    const shipped = checkedTemplates(readTemplateFiles(), expressions);
    expect(shipped.map((t) => t.name)).to.have.members([
      'Relay a webhook to an HTTP endpoint',
      'Approve, then call an HTTP endpoint',
      'Send each element of a list',
      'Scheduled report',
      'An agent answers a webhook',
    ]);
    expect(shipped.map((t) => t.id)).to.deep.equal(shipped.map((t) => t.id).sort());
  });

  it('an invalid template fails the load, naming every problem of every file', () => {
    const files = [
      { file: 'good.json', content: template(A) },
      { file: 'bad.json', content: { ...template(A, { nodes: [{ id: 'x', kind: 'teleport' }] }), extra: 1 } },
      { file: 'worse.json', content: { ...template('nope'), name: '' } },
      { file: 'list.json', content: [] },
    ];
    expect(() => checkedTemplates(files, expressions)).to.throw(
      'invalid blueprint templates: bad.json /extra: is not a field; bad.json /id: is the id of another ' +
        'template; bad.json /graph/nodes/0/kind: must be one of task, http, code, condition, map, wait, ' +
        'approval, blueprint, agent; bad.json /graph/edges: is required; worse.json /id: must be a lowercase UUID; ' +
        'worse.json /name: must be a non-empty string of at most 1000 characters; list.json /: must be an object',
    );
  });

  it('a template file that is not JSON fails the load, named', () => {
    const directory = mkdtempSync(join(tmpdir(), 'templates-'));
    try {
      writeFileSync(join(directory, 'broken.json'), '{"id": ');
      writeFileSync(join(directory, 'notes.txt'), 'not a template');
      expect(() => readTemplateFiles(directory)).to.throw(/broken\.json is not JSON/);
      writeFileSync(join(directory, 'broken.json'), JSON.stringify(template(A)));
      expect(readTemplateFiles(directory)).to.deep.equal([{ file: 'broken.json', content: template(A) }]);
    } finally {
      rmSync(directory, { recursive: true });
    }
  });

  it('lists the templates by id, a page at a time', async () => {
    const blueprintTemplates = [template(A), template(B), template(C)] as BlueprintTemplate[];
    const list = makeListTemplates({ blueprintTemplates });
    const principal = {} as Parameters<typeof list>[0];
    const first = await list(principal, { limit: 2 });
    expect(first.items.map((t) => t.id)).to.deep.equal([A, B]);
    expect(first.next).to.deep.equal({ createdAt: new Date(0), id: B });
    const rest = await list(principal, { limit: 2, after: first.next ?? undefined });
    expect(rest).to.deep.equal({ items: [template(C)], next: null });
    expect((await list(principal, { limit: 3 })).next).to.equal(null);
  });
});
