import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { apiCall } from './support/clients';
import {
  e2eServer,
  inviteAndAccept,
  newAccount,
  newPerson,
  registerPractice,
  signIn,
  type Account,
} from './support/journeys';

/** `YYYY-MM-DD` of today where the browser runs (the practice's default time zone is near enough for "due today"). */
const today = () => new Date().toISOString().slice(0, 10);

/** Clicks a button that saves a file and answers the file's bytes and its suggested name. */
async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: fs.readFileSync(path) };
}

/**
 * Issue 16, item 9: a task the owner assigns to the Assistant shows on the Assistant's dashboard (SPEC.md §6 keeps the
 * task manager from them, not their tasks); the CPD log downloads from /Learning-development as a CSV and a PDF that open.
 */
describe('workspace: tasks on the dashboard and the CPD export', () => {
  const server = e2eServer();
  let browser: Browser;
  let account: Account;
  beforeAll(async () => {
    browser = await launchBrowser();
    account = newAccount('Wren');
    await registerPractice(browser, server, account);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given a task the owner assigns to the Assistant, then it shows on the Assistant’s dashboard with Mark done and no link to the task manager', async () => {
    const owner = await openPage(browser, { width: 1440, height: 1000 });
    const assistant = await openPage(browser, { width: 390, height: 900 });
    await signIn(owner.page, server, account);
    const person = newPerson('Ash', 'Okafor');
    await inviteAndAccept(owner.page, assistant.page, server, person, 'Assistant');

    const { id: assistantId } = await apiCall<{ id: number }>(assistant.page, 'GET', '/api/user-details');
    await apiCall(owner.page, 'POST', '/api/tasks', {
      title: 'Post the appointment letters',
      dueDate: today(),
      priority: 'high',
      assigneeId: assistantId,
    });

    await assistant.page.reload();
    const card = assistant.page.getByRole('region', { name: 'Tasks due' });
    await card.getByText('Post the appointment letters').waitFor();
    expect(await card.getByRole('button', { name: 'Mark done: Post the appointment letters' }).isVisible()).toBe(true);
    expect(await card.getByRole('link', { name: 'Post the appointment letters' }).count()).toBe(0);
    // Clinical cards stay out of the Assistant's dashboard.
    expect(await assistant.page.getByRole('region', { name: 'Sessions that need a note' }).count()).toBe(0);
    expect(assistant.errors).toEqual([]);
    await owner.context.close();
    await assistant.context.close();
  });

  it('given a CPD activity, when the owner downloads the CPD log from /Learning-development, then the CSV lists it and the PDF opens', async () => {
    const { page, context, errors } = await openPage(browser, { width: 1440, height: 1000 });
    await signIn(page, server, account);
    await apiCall(page, 'POST', '/api/learning/cpd', {
      title: 'Working with grief',
      type: 'workshop',
      provider: 'Cruse',
      date: today(),
      hours: 3.5,
      reflection: 'Sit with silence longer.',
    });
    await page.goto(`${server.url}/Learning-development`);
    await page.getByText('Working with grief').first().waitFor();

    const csv = await download(page, 'Download CPD log (CSV)');
    expect(csv.name).toMatch(/\.csv$/);
    const text = csv.bytes.toString('utf8');
    expect(text).toContain('Working with grief');
    expect(text).toContain('3.5');

    const pdf = await download(page, 'Download CPD log (PDF)');
    expect(pdf.name).toMatch(/\.pdf$/);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.bytes.subarray(-8).toString('latin1')).toContain('%%EOF');
    // It opens: Chromium's own viewer loads it (a broken file is an error page without a document).
    const viewer = await context.newPage();
    const pdfPath = `${fs.mkdtempSync('/tmp/halcyon-cpd-')}/${pdf.name}`;
    fs.writeFileSync(pdfPath, pdf.bytes);
    const response = await viewer.goto(`file://${pdfPath}`);
    expect(response?.ok() ?? true).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
