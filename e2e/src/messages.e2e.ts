import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, openPage } from './support/browser';
import { apiCall, createClientThroughApi, message } from './support/clients';
import { layout } from './support/keyboard';
import { e2eServer, newAccount, newPerson, registerPractice, sidebar, signIn, type Account } from './support/journeys';
import { linkFromOutbox } from './support/outbox';

/** The messages' words (packages/api contract `CONVERSATION_MESSAGES`), word for word. */
const CREATED = 'Conversation created.';
const SUBJECT = 'Moving our Thursday session';
const FIRST = 'Could we meet at 3pm on Thursday instead of 2pm?';
const REPLY = 'Yes, 3pm works for me. Thank you!';

/**
 * Issue 16, item 1: a therapist writes to a client from /Messages -> the client opens the e-mailed link on a phone and
 * replies -> without reloading, the therapist's sidebar shows the unread message and the list marks it, and the thread
 * shows the reply (polling) and marks it read.
 */
describe('messages: a therapist and a client write to each other', () => {
  const server = e2eServer();
  let browser: Browser;
  let account: Account;
  beforeAll(async () => {
    browser = await launchBrowser();
    account = newAccount('Mia');
    await registerPractice(browser, server, account);
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A client who accepted the portal invitation (set-up, through the API). */
  async function clientWithPortal(page: Page, firstName: string, lastName: string) {
    const person = newPerson(firstName, lastName);
    const clientId = await createClientThroughApi(page, {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
    });
    await apiCall(page, 'POST', `/api/clients/portal/invite/${clientId}`, {});
    const invitation = await linkFromOutbox(server.dataDir, person.email, '/Portal/Accept-invitation');
    const token = invitation.split('/').pop()!;
    await apiCall(page, 'POST', `/api/portal/accept/${token}`, { agree: true });
    return person;
  }

  it('given a client with portal access, when the therapist writes and the client replies from the e-mailed link, then the therapist sees the unread count and the reply without reloading', async () => {
    const therapist = await openPage(browser, { width: 1440, height: 1000 });
    const { page } = therapist;
    await signIn(page, server, account);

    // Set-up the journey is not about: a client who accepted the portal invitation.
    const person = await clientWithPortal(page, 'Ada', 'Byron');

    // 1. The therapist starts a conversation with the client from /Messages.
    await sidebar(page)
      .getByRole('link', { name: /^Messages/ })
      .click();
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New conversation' }).click();
    await page.getByRole('combobox', { name: /Client/ }).fill('Ada');
    await page.getByRole('option', { name: `${person.firstName} ${person.lastName}` }).click();
    await page.getByRole('textbox', { name: /Subject/ }).fill(SUBJECT);
    await page.getByRole('textbox', { name: /First message/ }).fill(FIRST);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await message(page, CREATED).waitFor();
    await page.waitForURL((url) => /^\/Messages\/\d+$/.test(url.pathname));
    const thread = new URL(page.url()).pathname;
    await page.getByRole('log', { name: 'Messages' }).getByText(FIRST).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Back to the list, inside the app (no reload from here on).
    await page
      .getByRole('navigation', { name: /breadcrumb/i })
      .getByRole('link', { name: 'Messages' })
      .click();
    const row = page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(SUBJECT) });
    await row.waitFor();

    // 2. The client opens the link the message e-mailed them, on a phone, reads and replies.
    const client = await openPage(browser, { width: 390, height: 844 });
    const link = await linkFromOutbox(server.dataDir, person.email, '/Portal/Messages');
    await client.page.goto(`${server.url}${link}`);
    await client.page.getByRole('heading', { name: SUBJECT, level: 1 }).waitFor();
    const log = client.page.getByRole('log', { name: 'Messages' });
    await log.getByText(FIRST).waitFor();
    // Nothing wider than the phone's screen.
    expect((await layout(client.page)).documentOverflowX).toBe(0);
    await client.page.getByRole('textbox', { name: /Your reply/ }).fill(REPLY);
    await client.page.getByRole('button', { name: 'Send', exact: true }).click();
    await log.getByText(REPLY).waitFor();
    expect(await axeViolations(client.page)).toEqual([]);
    expect(client.errors).toEqual([]);
    await client.context.close();

    // 3. Without a reload, the therapist's sidebar counts the reply and the list marks the conversation unread.
    await sidebar(page)
      .getByRole('link', { name: /Messages 1 new/ })
      .waitFor({ timeout: 20_000 });
    await row.getByText('1 unread').waitFor();
    await row.getByText(REPLY, { exact: false }).waitFor();

    // 4. Opening it shows the reply and marks it read: the count goes back to none.
    await row.click();
    await page.waitForURL((url) => url.pathname === thread);
    await page.getByRole('log', { name: 'Messages' }).getByText(REPLY).waitFor();
    await expect
      .poll(
        () =>
          sidebar(page)
            .getByRole('link', { name: /^Messages/ })
            .innerText(),
        { timeout: 20_000 },
      )
      .not.toMatch(/1/);
    expect(therapist.errors).toEqual([]);
  });
  it('given a client with portal access, when they ask for a sign-in link at /Portal on a phone, then their home opens, they write to their therapist, the home lists the conversation and the therapist sees it', async () => {
    const therapist = await openPage(browser, { width: 1440, height: 1000 });
    await signIn(therapist.page, server, account);
    const person = await clientWithPortal(therapist.page, 'Grace', 'Hopper');

    // 1. The client asks for a link with their address, by keyboard, on a phone.
    const client = await openPage(browser, { width: 390, height: 844 });
    await client.page.goto(`${server.url}/Portal`);
    await client.page.getByRole('heading', { name: 'Sign in to your client portal', level: 1 }).waitFor();
    await client.page.getByRole('textbox', { name: /E-mail/ }).fill(person.email);
    await client.page.keyboard.press('Enter');
    await client.page.getByText('a sign-in link is on its way', { exact: false }).waitFor();

    // 2. The e-mailed link opens their home.
    const home = await linkFromOutbox(server.dataDir, person.email, '/Portal/Home');
    await client.page.goto(`${server.url}${home}`);
    await client.page.getByRole('heading', { name: /^Your portal at /, level: 1 }).waitFor();
    await client.page
      .getByRole('region', { name: 'Waiting for you' })
      .getByText('Nothing is waiting for you.')
      .waitFor();
    expect((await layout(client.page)).documentOverflowX).toBe(0);
    expect(await axeViolations(client.page)).toEqual([]);

    // 3. They write to their therapist; the new conversation opens with their message.
    await client.page.getByRole('button', { name: /^Write to / }).click();
    await client.page.getByRole('textbox', { name: /Subject/ }).fill('A question before Thursday');
    await client.page.getByRole('textbox', { name: /Your message/ }).fill('Should I bring my diary?');
    await client.page.getByRole('button', { name: 'Send', exact: true }).click();
    await client.page.getByRole('heading', { name: 'A question before Thursday', level: 1 }).waitFor();
    await client.page.getByRole('log', { name: 'Messages' }).getByText('Should I bring my diary?').waitFor();
    await client.page.goto(`${server.url}${home}`);
    await client.page.getByRole('region', { name: 'Messages' }).getByText('A question before Thursday').waitFor();
    expect(client.errors).toEqual([]);
    await client.context.close();

    // 4. The therapist (the practice's Admin here, as the client has no therapist of their own) sees it in /Messages.
    await therapist.page.goto(`${server.url}/Messages`);
    await therapist.page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link', { name: /A question before Thursday/ })
      .waitFor();
    expect(therapist.errors).toEqual([]);
  });
});
