import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Page } from 'playwright-core';

/**
 * Takes the page's screenshot for the README (`docs/<name>.png`). The committed file is written when missing
 * or on request (`UPDATE_SCREENSHOTS=1`) only, so a test run leaves the work tree clean.
 */
export async function readmeScreenshot(page: Page, name: string): Promise<void> {
  const png = await page.screenshot({ fullPage: true });
  expect(png.subarray(1, 4).toString()).to.equal('PNG');
  const file = fileURLToPath(new URL(`../../docs/${name}.png`, import.meta.url));
  if (!existsSync(file) || process.env.UPDATE_SCREENSHOTS === '1') await writeFile(file, png);
}
