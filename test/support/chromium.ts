import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's chromium (`make test` installs it when running as root). CHROMIUM_PATH overrides it. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export interface TestChromium {
  readonly context: BrowserContext;
  /** The window Chromium opened with. */
  readonly page: Page;
  /** Closes the browser and deletes its profile folder. */
  close(): Promise<void>;
}

/**
 * Headless Chromium with a fresh profile of its own (a folder named after the test file, mode 700). Fails
 * loudly when the browser is missing: the end-to-end tests never skip.
 */
export async function launchChromium(
  name: string,
  viewport?: { width: number; height: number },
): Promise<TestChromium> {
  if (!existsSync(CHROMIUM)) {
    const message =
      `CHROMIUM IS MISSING: no browser at ${CHROMIUM}, so the end-to-end browser tests cannot run. ` +
      'Install it with `sudo apt-get install -y chromium` (`make test` does so as root), ' +
      'or point CHROMIUM_PATH at a Chromium.';
    process.stderr.write(`\n${'!'.repeat(100)}\n${message}\n${'!'.repeat(100)}\n`);
    throw new Error(message);
  }
  const profile = await mkdtemp(join(tmpdir(), `platform-e2e-${name}-`));
  try {
    await chmod(profile, 0o700);
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: FLAGS,
      ...(viewport ? { viewport } : {}),
    });
    const page = context.pages()[0] ?? (await context.newPage());
    return {
      context,
      page,
      close: async () => {
        await context.close();
        await rm(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(profile, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The same headless Chromium without a profile, for a test that needs a context of its own making (one that
 * runs no JavaScript, say). Launch it after launchChromium, which fails loudly when the browser is missing.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
}
