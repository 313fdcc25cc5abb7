import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { api } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { launchBrowser } from '../support/chromium.ts';
import { type ConsoleBrowser, openConsole } from '../support/console-browser.ts';
import { type FakeModelProvider, fakeModelProvider } from '../support/fake-model-provider.ts';
import { readmeScreenshot } from '../support/screenshot.ts';
import type { TestApp } from '../support/test-app.ts';

describe('the console agents and chat pages in a real browser: an agent, a streamed chat, branches, and without JavaScript (Playwright + chromium)', function () {
  this.timeout(120_000);
  let app: TestApp;
  let opened: ConsoleBrowser | undefined;
  let fake: FakeModelProvider | undefined;
  let page: Page;
  let workspaceId: string;
  let threadUrl: string;

  /** The messages of the branch the page shows, as their texts. */
  const shownMessages = (on: Page) => on.locator('ol.chat > li pre').allTextContents();

  /**
   * The answer's text as the page has it so far (the first time it has any), read from the document as the
   * browser holds it while the answer streams in: by the page's own script, or into a page still loading.
   */
  const answerSoFar = async (read: () => Promise<string | null | undefined>) => {
    for (let tries = 0; tries < 300; tries++) {
      const seen = await read().catch(() => undefined);
      if (seen) return seen;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return '';
  };

  before(async () => {
    opened = await openConsole('console-chat', 'Chat console', {
      MODEL_PROVIDERS_ALLOW_PRIVATE: 'true',
      // A chat page asks a dozen small queries while the agent's run starts beside it: on a machine shared by
      // several test suites the default 1.5 s budget per request was seen spent (a 503), so it is wider here.
      DATABASE_STATEMENT_TIMEOUT_MS: '10000',
      DATABASE_REQUEST_BUDGET_MS: '10000',
    });
    ({ app, page, workspaceId } = opened);
    fake = await fakeModelProvider();
    const provider = await api(app, opened.owner, 'POST', `/api/workspaces/${workspaceId}/model-providers`, {
      name: 'Fake OpenAI',
      kind: 'openai',
      base_url: `${fake.url}/v1`,
      api_key: 'sk-test-0123456789',
    });
    expect(provider.status, JSON.stringify(provider.body)).to.equal(201);
    app.container.cradle.agentRunner.start();
  });

  after(async () => {
    await app?.container.cradle.agentRunner.stop();
    await opened?.close();
    await fake?.close();
  });

  it('creates an agent, publishes a version, starts a thread and chats with the answer streaming in', async () => {
    await page.goto(`${app.baseUrl}/console/w/${workspaceId}/agents`);
    await expectAccessible(page, 'the agents page');
    await page.getByLabel('Name', { exact: true }).fill('Helper');
    await page.getByRole('textbox', { name: 'Model' }).fill('fake-model');
    await page.getByLabel('Instructions').fill('Be brief.');
    await page.getByLabel('Tools (JSON)').fill('[{"type":"code","name":"no spaces"}]');
    await page.getByRole('button', { name: 'Create agent' }).click();
    expect(await opened?.alert()).to.match(/^\/tools\/0/);
    await page.getByLabel('Tools (JSON)').fill('');
    await page.getByRole('button', { name: 'Create agent' }).click();
    await page.getByRole('heading', { name: 'Helper', level: 1 }).waitFor();
    expect(await opened?.status()).to.equal('The agent was created: version 1.');
    await expectAccessible(page, 'the agent page');

    await page.getByLabel('Instructions').fill('Be very brief.');
    await page.getByRole('button', { name: 'Publish version' }).click();
    expect(await opened?.status()).to.equal('Version 2 was published.');
    const versions = page.getByRole('table', { name: 'Versions' });
    expect(await versions.getByRole('row').count()).to.equal(3);

    await page.getByRole('button', { name: 'New thread' }).click();
    await page.getByRole('heading', { name: 'Thread with Helper' }).waitFor();
    threadUrl = page.url();
    await expectAccessible(page, 'an empty thread');

    fake?.script({ text: ['Hello', ' there', ', human', '.'], pauseMs: 400 });
    await page.getByLabel('Message', { exact: true }).fill('Hi <b>agent</b>');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const streamed = await answerSoFar(() =>
      page.evaluate<string | null>(`document.getElementById('answer-text')?.textContent ?? null`),
    );
    expect(streamed, 'seen while it is written')
      .to.match(/^Hello/)
      .and.not.include('human.');
    await page.locator('ol.chat').getByText('Hello there, human.').waitFor();
    expect(await page.locator('#answer-text').count(), 'reloaded once finished').to.equal(0);
    expect(await shownMessages(page)).to.deep.equal(['Hi <b>agent</b>', 'Hello there, human.']);
    const sent = fake?.requests.at(-1)?.body as { messages: { role: string; content: string }[] };
    expect(sent.messages[0]).to.deep.equal({ role: 'system', content: 'Be very brief.' });
    const refused = opened?.consoleErrors.filter((text) => /content security policy|refused to/i.test(text));
    expect(refused, 'no script refused by the CSP').to.deep.equal([]);
  });

  it('edits an earlier message into a branch, regenerates an answer, and switches between the branches', async () => {
    fake?.script({ text: ['More.'] });
    await page.getByLabel('Message', { exact: true }).fill('Tell me more');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.locator('ol.chat').getByText('More.').waitFor();

    fake?.script({ text: ['Less.'] });
    const second = page.locator('ol.chat > li').nth(2);
    await second.getByText('Edit', { exact: true }).click();
    await second.getByLabel('Edited message').fill('Tell me less');
    await second.getByRole('button', { name: 'Send as a new branch' }).click();
    await page.locator('ol.chat').getByText('Less.').waitFor();
    expect(await shownMessages(page)).to.deep.equal([
      'Hi <b>agent</b>',
      'Hello there, human.',
      'Tell me less',
      'Less.',
    ]);
    expect(await page.locator('.branches span').textContent()).to.equal('Branch 2 of 2');

    fake?.script({ text: ['Fewer words.'] });
    await page.getByRole('button', { name: 'Regenerate' }).last().click();
    await page.locator('ol.chat').getByText('Fewer words.').waitFor();
    expect(await page.locator('.branches span').textContent()).to.equal('Branch 3 of 3');
    await expectAccessible(page, 'a thread with branches');
    await readmeScreenshot(page, 'console-chat');

    await page.getByRole('link', { name: 'Previous branch' }).click();
    await page.locator('.branches span', { hasText: 'Branch 2 of 3' }).waitFor();
    await page.getByRole('link', { name: 'Previous branch' }).click();
    await page.locator('.branches span', { hasText: 'Branch 1 of 3' }).waitFor();
    expect(await shownMessages(page)).to.deep.equal([
      'Hi <b>agent</b>',
      'Hello there, human.',
      'Tell me more',
      'More.',
    ]);
    await page.getByRole('link', { name: 'Next branch' }).click();
    await page.locator('.branches span', { hasText: 'Branch 2 of 3' }).waitFor();
    expect((await shownMessages(page)).slice(2)).to.deep.equal(['Tell me less', 'Less.']);

    // Sending from a branch follows that branch, not the newest message of the thread.
    fake?.script({ text: ['Still less.'] });
    await page.getByLabel('Message', { exact: true }).fill('And again');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.locator('ol.chat').getByText('Still less.').waitFor();
    expect((await shownMessages(page)).slice(2)).to.deep.equal([
      'Tell me less',
      'Less.',
      'And again',
      'Still less.',
    ]);
  });

  it('sends and shows the streamed answer in a browser that runs no JavaScript', async () => {
    let browser: Browser | undefined;
    try {
      browser = await launchBrowser();
      const context = await browser.newContext({ javaScriptEnabled: false });
      const plain = await context.newPage();
      await plain.goto(`${app.baseUrl}/login`);
      await plain.getByLabel('Username or e-mail').fill(opened?.owner.username ?? '');
      await plain.getByLabel('Password').fill(opened?.owner.password ?? '');
      await plain.getByRole('button', { name: 'Sign in' }).click();
      await plain.waitForURL(`${app.baseUrl}/`);
      await plain.goto(threadUrl);
      fake?.script({ text: ['Plain', ' and', ' simple.'], pauseMs: 400 });
      await plain.getByLabel('Message', { exact: true }).fill('No script here');
      await plain.getByRole('button', { name: 'Send', exact: true }).click({ noWaitAfter: true });
      await plain.waitForURL(/\/answer\?through=/, { waitUntil: 'commit' });
      const seen = await answerSoFar(async () =>
        plain.url().includes('/answer?')
          ? /<pre id="answer-text">([^<]+)/.exec(await plain.content())?.[1]
          : undefined,
      );
      expect(seen, 'seen while it is written')
        .to.match(/^Plain/)
        .and.not.equal('Plain and simple.');
      await plain.waitForURL(/\/console\/threads\/[0-9a-f-]+\?through=/);
      await plain.locator('ol.chat').getByText('Plain and simple.').waitFor();
      expect((await shownMessages(plain)).slice(-2)).to.deep.equal(['No script here', 'Plain and simple.']);
    } finally {
      await browser?.close();
    }
  });
});
