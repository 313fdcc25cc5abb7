import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { type ConsoleBrowser, openConsole } from '../support/console-browser.ts';
import { readmeScreenshot } from '../support/screenshot.ts';
import { within } from '../support/within.ts';

/** Small enough to pass in a test: the upload form's limit is the API's (FILE_MAX_BYTES). */
const LIMIT = 64 * 1024;

describe('the console files and knowledge pages in a real browser: upload, download, links, documents, search (Playwright + chromium)', function () {
  this.timeout(120_000);
  let opened: ConsoleBrowser | undefined;
  before(async () => {
    opened = await openConsole('console-files', 'Files console', { FILE_MAX_BYTES: String(LIMIT) });
  });
  after(() => opened?.close());

  it('uploads a file, lists it, downloads the same bytes, makes a link that works, deletes it', async () => {
    const { app, page, owner, workspaceId, alert, status } = opened!;
    const bytes = randomBytes(5000);
    await page.goto(`${app.baseUrl}/console/w/${workspaceId}/files`);
    await expectAccessible(page, 'the empty files page');
    await page.getByRole('button', { name: 'Upload' }).click();
    expect(await page.evaluate('document.querySelector("#field-file").validity.valueMissing')).to.equal(true);

    const upload = (name: string, buffer: Buffer) =>
      page.locator('#field-file').setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
    await upload('empty.txt', Buffer.alloc(0));
    await page.getByRole('button', { name: 'Upload' }).click();
    expect(await alert()).to.equal('The file empty.txt is empty: there is nothing to upload.');
    await upload('big.bin', randomBytes(LIMIT + 1));
    await page.getByRole('button', { name: 'Upload' }).click();
    expect(await alert()).to.equal(`The file is too large: a file has at most ${LIMIT} bytes.`);
    await upload('huge.bin', randomBytes(LIMIT * 3));
    await page.getByRole('button', { name: 'Upload' }).click();
    expect(await alert(), 'refused from its Content-Length').to.equal(
      `The file is too large: a file has at most ${LIMIT} bytes.`,
    );
    const listed = await api(app, owner, 'GET', `/api/files?workspace_id=${workspaceId}`);
    expect(listed.body.items, 'nothing kept of the refused uploads').to.deep.equal([]);

    await upload('report <1>.bin', bytes);
    await page.getByRole('button', { name: 'Upload' }).click();
    expect(await status()).to.equal('The file was uploaded.');
    await page.getByRole('heading', { name: 'report <1>.bin', level: 1 }).waitFor();
    const fileId = new URL(page.url()).pathname.split('/')[3] as string;
    expect(await page.locator('dd code').textContent()).to.equal(
      (await api(app, owner, 'GET', `/api/files/${fileId}`)).body.sha256,
    );
    await expectAccessible(page, 'a file page');

    await page.getByRole('link', { name: 'All files' }).click();
    const row = page.getByRole('table', { name: 'Files' }).getByRole('row').nth(1);
    expect(await row.getByRole('cell').nth(0).textContent()).to.equal('report <1>.bin');
    expect(await row.getByRole('cell').nth(1).textContent()).to.equal('4.9 KiB');
    await expectAccessible(page, 'the files page');
    await readmeScreenshot(page, 'console-files');

    await row.getByRole('link', { name: 'report <1>.bin' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename(), "Chromium's safe form of the name").to.equal('report _1_.bin');
    expect(Buffer.compare(await readFile((await download.path()) as string), bytes)).to.equal(0);
    const direct = await page.request.get(`${app.baseUrl}/console/files/${fileId}/download`);
    expect(direct.headers()).to.include({
      'x-content-type-options': 'nosniff',
      'content-security-policy': 'sandbox',
    });
    expect(direct.headers()['content-disposition']).to.equal(
      `attachment; filename="report <1>.bin"; filename*=UTF-8''report%20%3C1%3E.bin`,
    );

    await page.getByLabel('Expires after').selectOption('3600');
    await page.getByRole('button', { name: 'Make a link' }).click();
    const url = (await page.locator('#link-url').textContent()) as string;
    expect(url).to.match(new RegExp(`^${app.baseUrl}/api/files/download/`));
    expect(await page.locator('#link-title + p time').getAttribute('datetime')).to.match(/^\d{4}-/);
    const linked = await fetch(url);
    expect(Buffer.compare(Buffer.from(await linked.arrayBuffer()), bytes)).to.equal(0);
    await expectAccessible(page, 'a file page with a new link');

    await page.getByRole('button', { name: 'Delete file' }).click();
    expect(await page.evaluate('document.querySelector("#field-confirm").validity.valueMissing')).to.equal(
      true,
    );
    await page.getByLabel('Yes, delete report <1>.bin and stop its links').check();
    await page.getByRole('button', { name: 'Delete file' }).click();
    expect(await status()).to.equal('The file was deleted: its links no longer work.');
    expect((await fetch(url)).status).to.equal(404);
    expect(await page.getByText('No files yet.').count()).to.equal(1);
  });

  it('creates a knowledge base, adds a text document and a file, waits until they are ready, and finds them', async () => {
    const { app, page, owner, workspaceId, alert, status } = opened!;
    const faq = await app.request(`/api/files?workspace_id=${workspaceId}&name=faq.md`, {
      method: 'POST',
      headers: { ...owner.auth, 'content-type': 'text/markdown' },
      body: '# Shipping\n\nParcels leave the warehouse the next morning.',
    });
    expect(faq.status).to.equal(201);
    await page.goto(`${app.baseUrl}/console/w/${workspaceId}/knowledge`);
    await expectAccessible(page, 'the empty knowledge bases page');
    await page.getByLabel('Name').fill('Handbook');
    await page.getByLabel('Embedding model').fill('text-embedding-3-small');
    await page.getByRole('button', { name: 'Create knowledge base' }).click();
    expect(await alert()).to.equal('Choose the provider of the embedding model.');
    await page.getByLabel('Embedding model').fill('');
    await page.getByRole('button', { name: 'Create knowledge base' }).click();
    expect(await status()).to.equal('The knowledge base was created.');
    const baseId = new URL(page.url()).pathname.split('/')[3] as string;

    await page.getByLabel('Title').fill('Refunds <policy>');
    await page
      .getByLabel('Text')
      .fill('Refunds reach the card within five working days. <b>Keep the receipt.</b>');
    await page.getByRole('button', { name: 'Add text' }).click();
    expect(await status()).to.match(/^The document was added/);
    await page.locator('#field-file_id').selectOption({ label: 'faq.md' });
    await page.getByRole('button', { name: 'Add file' }).click();
    expect(await status()).to.match(/^The document was added/);
    await within(15_000, 'both documents ready', async () => {
      await page.reload();
      const text = (await page.getByRole('table', { name: 'Documents' }).textContent()) as string;
      return text.split('ready (1 chunk)').length === 3;
    });
    await expectAccessible(page, 'a knowledge base page');

    await page.getByLabel('Search').fill('refund receipt');
    await page.getByLabel('Mode').selectOption('semantic');
    await page.getByRole('button', { name: 'Search' }).click();
    expect(await alert()).to.equal(
      'This knowledge base has no embedding model; search it with mode "keyword".',
    );
    await page.getByLabel('Mode').selectOption('keyword');
    await page.getByRole('button', { name: 'Search' }).click();
    const hit = page.getByRole('table', { name: 'Search results' }).getByRole('row').nth(1);
    expect(await hit.getByRole('cell').nth(0).textContent()).to.equal('Refunds <policy>');
    expect(await hit.getByRole('cell').nth(3).textContent()).to.include('<b>Keep the receipt.</b>');
    expect(Number(await hit.getByRole('cell').nth(2).textContent())).to.be.greaterThan(0);
    await page.getByLabel('Search').fill('parcels warehouse');
    await page.getByRole('button', { name: 'Search' }).click();
    const found = page.getByRole('table', { name: 'Search results' }).getByRole('row');
    expect(await found.count()).to.equal(2);
    expect(await found.nth(1).getByRole('cell').nth(0).textContent()).to.equal('faq.md');
    await expectAccessible(page, 'a knowledge base page with search results');
    await readmeScreenshot(page, 'console-knowledge');

    await page.getByRole('button', { name: 'Delete the document Refunds <policy>' }).click();
    expect(await status()).to.equal('The document was deleted.');
    const documents = await api(app, owner, 'GET', `/api/knowledge-bases/${baseId}/documents`);
    expect(documents.body.items.map((d: { title: string }) => d.title)).to.deep.equal(['faq.md']);
    const violations = opened!.consoleErrors.filter((text) =>
      /content security policy|refused to/i.test(text),
    );
    expect(violations, 'no script or style refused by the CSP').to.deep.equal([]);
  });
});
