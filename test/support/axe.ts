import { createRequire } from 'node:module';
import { expect } from 'chai';
import type { Page } from 'playwright-core';

const { source } = createRequire(import.meta.url)('axe-core') as { source: string };

interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly string[] }[];
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules) on the page as it stands and fails on any serious or critical
 * violation. axe is evaluated through the DevTools protocol, which the pages' CSP (no script at all) does not
 * govern, so the page under test is the one users get.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(source);
  const violations = (await page.evaluate(`axe
    .run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } })
    .then((result) => result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map((n) => ({ target: n.target })) })))`)) as Violation[];
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `axe on ${what}`).to.deep.equal([]);
}
