import type { Page } from 'playwright-core';
import { api } from './api.ts';
import { launchChromium, type TestChromium } from './chromium.ts';
import { type SignedUp, signUp, startTestApp, type TestApp } from './test-app.ts';

/** A console end-to-end test's world: an app, a signed-up owner signed in in Chromium, maybe a workspace. */
export interface ConsoleBrowser {
  readonly app: TestApp;
  readonly browser: TestChromium;
  readonly page: Page;
  readonly owner: SignedUp;
  /** The workspace made for the test ('' when none was asked for). */
  readonly workspaceId: string;
  /** What the page logged as errors (a Content-Security-Policy refusal shows here). */
  readonly consoleErrors: readonly string[];
  /** The text of the page's alert and of its first status message. */
  alert(): Promise<string | undefined>;
  status(): Promise<string | undefined>;
  close(): Promise<void>;
}

/**
 * Starts the app, signs an owner up (and makes the workspace `workspaceName` when given), and signs them in
 * through the sign-in form of a fresh Chromium named `name` (the app started with `env`). Whatever started is closed again if a step fails.
 */
export async function openConsole(
  name: string,
  workspaceName?: string,
  env: Record<string, string> = {},
): Promise<ConsoleBrowser> {
  const app = await startTestApp(env);
  let browser: TestChromium | undefined;
  try {
    const owner = await signUp(app);
    const workspaceId = workspaceName
      ? ((await api(app, owner, 'POST', '/api/workspaces', { name: workspaceName })).body.id as string)
      : '';
    browser = await launchChromium(name, { width: 1200, height: 900 });
    const { page } = browser;
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto(`${app.baseUrl}/login`);
    await page.getByLabel('Username or e-mail').fill(owner.username);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${app.baseUrl}/`);
    const opened = browser;
    return {
      app,
      browser: opened,
      page,
      owner,
      workspaceId,
      consoleErrors,
      alert: async () => (await page.getByRole('alert').textContent())?.trim(),
      status: async () => (await page.getByRole('status').first().textContent())?.trim(),
      close: async () => {
        await opened.close();
        await app.close();
      },
    };
  } catch (error) {
    await browser?.close();
    await app.close();
    throw error;
  }
}
