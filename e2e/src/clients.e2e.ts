import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, openPage, type WatchedPage } from './support/browser';
import {
  apiCall,
  card,
  choose,
  createClientThroughApi,
  dialog,
  drawOn,
  message,
  onePagePdf,
  openClient,
  privacyReport,
  scheduleSessionThroughApi,
  typeAtEnd,
  watchErrors,
} from './support/clients';
import { linkFromOutbox } from './support/outbox';
import { e2eServer, newAccount, pathOf, registerPractice, signIn, type Account } from './support/journeys';

/**
 * Issue 6 acceptance: clients and their clinical records, end to end. One practice for the whole file (sign-ups are
 * limited per hour and per address); every journey works on its own client.
 */
describe('clients and their clinical records', () => {
  const server = e2eServer();
  let browser: Browser;
  let account: Account;
  beforeAll(async () => {
    browser = await launchBrowser();
    account = newAccount('Virginia');
    await registerPractice(browser, server, account);
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A new signed-in page of its own context (its console errors are checked at the end of the journey). */
  async function signedIn(): Promise<WatchedPage> {
    const watched = await openPage(browser);
    await signIn(watched.page, server, account);
    return watched;
  }

  /** scheduleSessionThroughApi steps an hour back when its time clashes with the journeys' other sessions (409). */
  const SESSION_CLASH = /409 \(Conflict\) .*\/api\/clients\/sessions\/create\//;

  /** Checks each page saw no unexpected console error (`allowed`: ones the journey causes on purpose) and closes it. */
  async function finish(...pages: (WatchedPage | { watched: WatchedPage; allowed: RegExp })[]) {
    for (const entry of pages) {
      const { watched, allowed } = 'page' in entry ? { watched: entry, allowed: null } : entry;
      expect(watched.errors.filter((error) => !allowed?.test(error))).toEqual([]);
      await watched.context.close();
    }
  }

  it('given a client onboarded with "Add client", a session scheduled, marked attended and its note written and signed, then the note cannot be edited, only amended by an addendum', async () => {
    const watched = await signedIn();
    const { page } = watched;
    await page.goto(`${server.url}/Clients`);
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add client' }).first().click();
    const modal = dialog(page, 'Add client');
    await modal.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await modal.getByLabel('First name').fill('Harriet');
    await modal.getByLabel('Last name').fill('Vane');
    await modal.getByLabel('Pronouns').fill('she/her');
    await modal.getByLabel('E-mail').fill('harriet.vane@example.org');
    await modal.getByRole('button', { name: 'Save client' }).click();
    await message(page, 'Client saved successfully.').waitFor();
    await page.waitForURL((url) => /^\/Clients\/\d+$/.test(url.pathname));
    await page.getByRole('heading', { name: 'Harriet Vane', level: 1 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(pathOf(page)).toMatch(/^\/Clients\/\d+$/);

    // schedule-appointment from the header's quick actions: a session for this client, today.
    await page.getByRole('group', { name: 'Quick actions' }).getByRole('button', { name: 'Schedule' }).click();
    const schedule = dialog(page, 'Schedule a session');
    await schedule.getByRole('button', { name: 'Schedule', exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Attendance is marked once a session has started: today at midnight has, whatever time the test runs.
    await schedule.getByLabel('Start').fill('00:00');
    await schedule.getByRole('button', { name: 'Schedule', exact: true }).click();
    await message(page, 'Session scheduled and added to your calendar.').waitFor();
    await schedule.waitFor({ state: 'detached' });
    const booked = page.getByRole('list', { name: /^(Upcoming|Recent) sessions$/ }).getByRole('listitem');
    await booked.filter({ hasText: 'Scheduled' }).first().waitFor();

    // mark-attendance-session from the Sessions tab.
    await page.getByRole('tab', { name: 'Sessions', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: 'Individual session' });
    await row.getByText('Scheduled', { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await row.getByRole('button', { name: /^More actions for / }).click();
    await page.getByRole('menuitem', { name: 'Mark attendance' }).click();
    const attendance = dialog(page, 'Mark attendance');
    await attendance.getByRole('radio', { name: 'Attended', exact: true }).click();
    expect(await axeViolations(page)).toEqual([]);
    await attendance.getByRole('button', { name: 'Save attendance' }).click();
    await message(page, 'Attendance updated.').waitFor();
    await attendance.waitFor({ state: 'detached' });
    await row.getByText('Attended', { exact: true }).waitFor();

    // session-note: write, then sign and lock (confirmed).
    await row.getByRole('button', { name: /^(Write|Open) note of / }).click();
    let note = dialog(page, 'Session note');
    const editor = note.getByRole('textbox', { name: /^Note/ });
    await editor.waitFor();
    const written = 'Reported better sleep this week. We practised grounding.';
    await typeAtEnd(page, editor, written);
    expect(await axeViolations(page)).toEqual([]);
    await note.getByRole('button', { name: 'Sign and lock…' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Sign and lock this note?' });
    await confirm.getByRole('button', { name: 'Sign and lock' }).click();
    await message(page, 'Session note signed and locked.').waitFor();
    await note.waitFor({ state: 'detached' });
    await row.getByText('Signed', { exact: true }).waitFor();

    // The signed note is read-only: no draft save, no sign, only an addendum.
    await row.getByRole('button', { name: /^(Write|Open) note of / }).click();
    note = dialog(page, 'Signed note');
    const locked = note.getByRole('textbox', { name: 'Note (signed)' });
    await locked.getByText(written).waitFor();
    expect(await locked.getAttribute('aria-readonly')).toBe('true');
    expect(await locked.getAttribute('contenteditable')).toBe('false');
    await locked.click();
    await page.keyboard.type(' Changed afterwards.');
    expect(await locked.innerText()).not.toContain('Changed afterwards.');
    expect(await note.getByRole('button', { name: 'Save draft' }).count()).toBe(0);
    expect(await note.getByRole('button', { name: 'Sign and lock…' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    const addendum = 'Addendum: the client asked to move to fortnightly sessions.';
    await typeAtEnd(page, note.getByRole('textbox', { name: /^New addendum/ }), addendum);
    await note.getByRole('button', { name: 'Add addendum' }).click();
    await message(page, 'Addendum added to the signed note.').waitFor();
    await note.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: /^(Write|Open) note of / }).click();
    note = dialog(page, 'Signed note');
    await note
      .getByRole('textbox', { name: /^Addendum by / })
      .getByText(addendum)
      .waitFor();
    expect(await note.getByRole('textbox', { name: 'Note (signed)' }).innerText()).toContain(written);

    // The server refuses any edit of the signed note itself.
    const sessions = await apiCall<{ items: { sessionNotes: { id: number; version: number }[] }[] }>(
      page,
      'GET',
      `/api/clients/sessions/retrieve/${pathOf(page).split('/')[2]}`,
    );
    const signed = sessions.items[0]!.sessionNotes[0]!;
    await expect(
      apiCall(page, 'PUT', `/api/clients/sessions/note/${signed.id}`, {
        contentHtml: '<p>Rewritten</p>',
        version: signed.version,
      }),
    ).rejects.toThrow(/answered 409/);

    // The refused PUT above answers 409 on purpose.
    await finish({ watched, allowed: /status of 409 .*\/api\/clients\/sessions\/note\/\d+$/ });
  });

  it('given a PHQ-9 sent by link, when the client completes it on the token page, then it is scored and shown on the trend chart against the cut-off', async () => {
    const watched = await signedIn();
    const { page } = watched;
    const email = `beatrice.${Date.now()}@example.org`;
    const clientId = await createClientThroughApi(page, { firstName: 'Beatrice', lastName: 'Adela', email });
    await openClient(page, server.url, clientId, 'assessments');
    await page.getByRole('heading', { name: 'Measures', exact: true, level: 2 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Send measure' }).click();
    const modal = dialog(page, 'Send a measure');
    await modal.waitFor();
    await modal.getByText(email).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await modal.getByRole('button', { name: 'Send now' }).last().click();
    await message(page, 'Item successfully shared with the client.').waitFor();
    await modal.waitFor({ state: 'detached' });

    // The client, with no account, opens the link of the e-mail.
    const link = await linkFromOutbox(server.dataDir, email, '/Measure');
    const visitor = await openPage(browser);
    const form = visitor.page;
    await form.goto(`${server.url}${link}`);
    await form.getByRole('heading', { name: 'Patient Health Questionnaire (PHQ-9)' }).waitFor();
    expect(await axeViolations(form)).toEqual([]);
    // Six items "More than half the days" (2 each) and the rest "Not at all": 12, "Moderate" (10-14), no risk item.
    const groups = form.getByRole('radiogroup');
    const count = await groups.count();
    expect(count).toBeGreaterThanOrEqual(9);
    for (let index = 0; index < 9; index++) {
      const answer = index < 6 ? 'More than half the days' : 'Not at all';
      await groups.nth(index).getByRole('radio', { name: answer }).click();
    }
    await form.getByRole('button', { name: 'Send my answers' }).click();
    await form.getByRole('heading', { name: 'Thank you' }).waitFor();
    expect(await axeViolations(form)).toEqual([]);
    // The link is single-use.
    await form.goto(`${server.url}${link}`);
    await form.getByRole('heading', { name: 'This link does not work' }).waitFor();

    await page.reload();
    const row = page.getByRole('row', { name: /PHQ-9/ });
    await row.getByText('12 / 27').waitFor();
    await row.getByText('Moderate', { exact: true }).waitFor();
    const insight = page.getByRole('region', { name: 'PHQ-9' });
    const chart = insight.getByRole('figure', { name: /PHQ-9 scores over time/ });
    await chart.waitFor();
    await chart
      .getByText(/Clinical cut-off \(10\)/)
      .first()
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await chart.getByRole('button', { name: 'Show as table' }).click();
    await chart.getByRole('table').getByRole('cell', { name: '12', exact: true }).waitFor();

    // The used link answers 410 Gone (once, on purpose).
    await finish(watched, { watched: visitor, allowed: /status of 410 .*\/api\/measure-links\// });
  });

  it('given a document uploaded with tags and sent for signature, when the client signs it on the token page with a typed name and a drawing, then the signed PDF downloads', async () => {
    const watched = await signedIn();
    const { page } = watched;
    const email = `dorothy.${Date.now()}@example.org`;
    const clientId = await createClientThroughApi(page, { firstName: 'Dorothy', lastName: 'Sayers', email });
    await openClient(page, server.url, clientId, 'documents');
    await page.getByRole('heading', { name: 'No documents yet' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Upload documents' }).first().click();
    const upload = dialog(page, 'Upload documents');
    await upload.waitFor();
    await upload.locator('input[type="file"]').setInputFiles({
      name: 'consent.pdf',
      mimeType: 'application/pdf',
      buffer: onePagePdf('Consent to treatment'),
    });
    await upload.getByLabel('Name').fill('Consent to treatment');
    await upload.getByLabel('Tags').fill('Consent, Intake');
    expect(await axeViolations(page)).toEqual([]);
    await upload.getByRole('button', { name: 'Upload document' }).click();
    await message(page, 'Document uploaded.').waitFor();
    await upload.waitFor({ state: 'detached' });

    const row = page.getByRole('row', { name: /Consent to treatment/ });
    await row.getByText('Consent', { exact: true }).waitFor();
    await row.getByText('Intake', { exact: true }).waitFor();
    await row.getByText('Not requested').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await row.getByRole('button', { name: 'Actions for Consent to treatment' }).click();
    await page.getByRole('menuitem', { name: 'Request signature' }).click();
    const request = dialog(page, 'Request an e-signature');
    await request.waitFor();
    expect(await request.getByLabel("Signer's e-mail").inputValue()).toBe(email);
    expect(await axeViolations(page)).toEqual([]);
    await request.getByRole('button', { name: 'Send request' }).click();
    await message(page, 'Signature request sent.').waitFor();
    await row.getByText('Awaiting signature').waitFor();

    // The client signs on the token page, with no account.
    const link = await linkFromOutbox(server.dataDir, email, '/Sign');
    const visitor = await openPage(browser);
    const signer = visitor.page;
    await signer.goto(`${server.url}${link}`);
    await signer.getByRole('heading', { name: 'Sign “Consent to treatment”' }).waitFor();
    expect(await axeViolations(signer)).toEqual([]);
    await signer.getByLabel('Your full name').fill('Dorothy Sayers');
    await drawOn(signer, signer.locator('canvas'));
    // The pad takes the drawing when the stroke ends (it re-renders as drawn, and Clear drawing is enabled).
    await signer.locator('canvas[data-state="drawn"]').waitFor();
    expect(await signer.getByRole('button', { name: 'Clear drawing' }).isEnabled()).toBe(true);
    await signer.getByRole('checkbox', { name: /I agree to sign this document electronically/ }).check();
    await signer.getByRole('button', { name: 'Sign the document' }).click();
    await signer.getByRole('heading', { name: 'Thank you' }).waitFor();
    expect(await axeViolations(signer)).toEqual([]);

    await page.reload();
    await row.getByText('Signed', { exact: true }).waitFor();
    await row.getByText(/^Dorothy Sayers, /).waitFor();
    await row.getByRole('button', { name: 'Actions for Consent to treatment' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Download signed PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const saved = await download.path();
    expect(fs.readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await finish(watched, visitor);
  });

  it('given a treatment plan edited as a new version and reviewed, then both versions stay readable, the second is current and the review is listed', async () => {
    const watched = await signedIn();
    const { page } = watched;
    const clientId = await createClientThroughApi(page, { firstName: 'Gertrude', lastName: 'Bell' });
    await openClient(page, server.url, clientId, 'treatment-plan');
    await page.getByRole('heading', { name: 'No treatment plan yet' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'New plan' }).click();
    const create = dialog(page, 'New treatment plan');
    await create.waitFor();
    await create.getByLabel('Title').fill('Low mood plan');
    await create.getByLabel('Problems').fill('Low mood and poor sleep since the spring.');
    // A new plan starts with one empty goal.
    await create.getByLabel('Goal 1: description').fill('Sleep seven hours a night');
    await create.getByRole('button', { name: 'Add objective' }).click();
    await create.getByLabel('Objective 1').fill('In bed by 11 pm on weeknights');
    expect(await create.getByRole('checkbox', { name: 'Make this the current plan' }).isChecked()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await create.getByRole('button', { name: 'Create plan' }).click();
    await message(page, 'Treatment plan created.').waitFor();
    await create.waitFor({ state: 'detached' });
    const current = card(page, 'Current plan: version 1');
    await current.getByText('Sleep seven hours a night').waitFor();
    await current.getByText('In bed by 11 pm on weeknights').waitFor();

    await page.getByRole('button', { name: 'Edit (new version)' }).click();
    const edit = dialog(page, 'Edit treatment plan');
    await edit.getByRole('button', { name: 'Save as new version' }).waitFor();
    expect(await edit.getByLabel('Title').inputValue()).toBe('Low mood plan');
    await edit.getByLabel('Title').fill('Low mood plan, revised');
    await edit.getByRole('button', { name: 'Add goal' }).click();
    await edit.getByLabel('Goal 2: description').fill('Walk outdoors three times a week');
    expect(await axeViolations(page)).toEqual([]);
    await edit.getByRole('button', { name: 'Save as new version' }).click();
    await message(page, 'Treatment plan updated.').waitFor();
    await edit.waitFor({ state: 'detached' });

    const revised = card(page, 'Current plan: version 2');
    await revised.getByText('Walk outdoors three times a week').waitFor();
    const history = card(page, 'Version history');
    await history
      .getByRole('row', { name: /Low mood plan, revised/ })
      .getByText('Current')
      .waitFor();
    const first = history.getByRole('row', { name: /^1 Low mood plan / });
    await first.waitFor();
    expect(await first.getByText('Current', { exact: true }).count()).toBe(0);
    await first.getByRole('button', { name: 'View version 1' }).click();
    const old = card(page, 'Version 1 (read only)');
    await old.getByText('Sleep seven hours a night').waitFor();
    expect(await old.getByText('Walk outdoors three times a week').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Record review' }).first().click();
    const review = dialog(page, 'Review treatment plan');
    await review.getByText(/Reviewing version 2/).waitFor();
    await choose(page, review, 'Progress on goal 1', 'Some progress');
    await review.getByLabel('Comment on goal 1').fill('Six hours most nights.');
    await review.getByLabel('Summary').fill('Steady progress; keep going.');
    expect(await axeViolations(page)).toEqual([]);
    await review.getByRole('button', { name: 'Record review' }).click();
    await message(page, 'Treatment plan review recorded.').waitFor();
    await review.waitFor({ state: 'detached' });
    const reviews = page.getByRole('list', { name: 'Plan reviews' });
    await reviews.getByText('Continue the plan as it is').waitFor();
    await reviews.getByText('Some progress').waitFor();
    await reviews.getByText('Six hours most nights.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await finish(watched);
  });

  it('given a risk assessment and a safety plan each saved twice, then the current versions show and the first versions stay readable in their history', async () => {
    const watched = await signedIn();
    const { page } = watched;
    const clientId = await createClientThroughApi(page, { firstName: 'Rosalind', lastName: 'Franklin' });
    await openClient(page, server.url, clientId, 'risk');
    await page.getByRole('heading', { name: 'No risk assessment yet' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Assess risk' }).click();
    let assess = dialog(page, 'Risk assessment');
    await assess.getByText('This is the first risk assessment for this client.').waitFor();
    await assess.getByRole('button', { name: 'Add area' }).click();
    await assess.getByLabel('Risk factors in area 1').fill('Passive thoughts of death after the bereavement.');
    await assess.getByRole('radio', { name: 'Medium' }).click();
    await assess.getByLabel('Management plan').fill('Weekly sessions; GP informed.');
    expect(await axeViolations(page)).toEqual([]);
    await assess.getByRole('button', { name: 'Save risk assessment' }).click();
    await message(page, 'Risk assessment saved.').waitFor();
    await assess.waitFor({ state: 'detached' });
    const currentAssessment = card(page, 'Current risk assessment');
    await currentAssessment.getByText('Weekly sessions; GP informed.').waitFor();

    await currentAssessment.getByRole('button', { name: 'Update (new version)' }).click();
    assess = dialog(page, 'Risk assessment');
    await assess.getByText('Starting from version 1; this will be saved as version 2.').waitFor();
    expect(await assess.getByLabel('Management plan').inputValue()).toBe('Weekly sessions; GP informed.');
    await assess.getByRole('radio', { name: 'Low' }).click();
    await assess.getByLabel('Management plan').fill('Fortnightly sessions; safety plan agreed.');
    await assess.getByRole('button', { name: 'Save risk assessment' }).click();
    await message(page, 'Risk assessment saved.').waitFor();
    await assess.waitFor({ state: 'detached' });
    await currentAssessment.getByText('Fortnightly sessions; safety plan agreed.').waitFor();

    const assessments = card(page, 'Risk assessment versions');
    await assessments.getByRole('button', { name: 'View risk assessment version 2' }).waitFor();
    await assessments.getByRole('button', { name: 'View risk assessment version 1' }).click();
    const oldAssessment = card(page, 'Risk assessment version 1 (read only)');
    await oldAssessment.getByText('Weekly sessions; GP informed.').waitFor();
    await oldAssessment.getByText('Passive thoughts of death after the bereavement.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Create safety plan' }).click();
    let safety = dialog(page, 'Safety plan');
    await safety.getByRole('button', { name: 'Add warning sign' }).click();
    await safety.getByLabel('Warning sign 1').fill('Staying in bed all day');
    await safety.getByRole('button', { name: 'Add reason' }).click();
    await safety.getByLabel('Reason 1').fill('My daughter');
    await safety.getByRole('button', { name: 'Add professional or service' }).click();
    await safety.getByLabel('Professional or service 1: name').fill('Samaritans');
    await safety.getByLabel('Professional or service 1: phone or details').fill('116 123');
    expect(await axeViolations(page)).toEqual([]);
    await safety.getByRole('button', { name: 'Save safety plan' }).click();
    await message(page, 'Safety plan created.').waitFor();
    await safety.waitFor({ state: 'detached' });
    const currentSafety = card(page, 'Safety plan');
    await currentSafety.getByText('Staying in bed all day').waitFor();

    await currentSafety.getByRole('button', { name: 'Update (new version)' }).click();
    safety = dialog(page, 'Safety plan');
    await safety.getByLabel('Warning sign 1').waitFor();
    expect(await safety.getByLabel('Warning sign 1').inputValue()).toBe('Staying in bed all day');
    await safety.getByRole('button', { name: 'Add warning sign' }).click();
    await safety.getByLabel('Warning sign 2').fill('Not answering the phone');
    await safety.getByRole('button', { name: 'Save safety plan' }).click();
    await message(page, 'Safety plan updated.').waitFor();
    await safety.waitFor({ state: 'detached' });
    await currentSafety.getByText('Not answering the phone').waitFor();

    const plans = card(page, 'Safety plan versions');
    await plans.getByRole('button', { name: 'View safety plan version 2' }).waitFor();
    await plans.getByRole('button', { name: 'View safety plan version 1' }).click();
    const oldPlan = card(page, 'Safety plan version 1 (read only)');
    await oldPlan.getByText('Staying in bed all day').waitFor();
    expect(await oldPlan.getByText('Not answering the phone').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    await finish(watched);
  });

  it('given two tabs editing one note, when both save, then the second gets the conflict message and keeps its text', async () => {
    const first = await signedIn();
    const { page } = first;
    const clientId = await createClientThroughApi(page, { firstName: 'Agatha', lastName: 'Troy' });
    const sessionId = await scheduleSessionThroughApi(page, clientId);
    await apiCall(page, 'POST', `/api/clients/sessions/note/create/${sessionId}`, {
      template: 'free',
      contentHtml: '<p>Opened the session with a check-in.</p>',
    });
    // The second tab: another page of the same browser context (the same signed-in session).
    const other = await first.context.newPage();
    const otherErrors = watchErrors(other);

    const openNote = async (tab: Page) => {
      await openClient(tab, server.url, clientId, 'sessions');
      await tab
        .getByRole('row')
        .filter({ hasText: 'Individual session' })
        .getByRole('button', { name: /^(Write|Open) note of / })
        .click();
      const note = dialog(tab, 'Session note');
      const editor = note.getByRole('textbox', { name: /^Note/ });
      await editor.getByText('Opened the session with a check-in.').waitFor();
      return { note, editor };
    };
    const a = await openNote(page);
    const b = await openNote(other);

    await typeAtEnd(page, a.editor, ' Tab A: talked about work.');
    await a.note.getByRole('button', { name: 'Save draft' }).click();
    await message(page, 'Session note saved.').waitFor();

    const mine = ' Tab B: talked about family.';
    await typeAtEnd(other, b.editor, mine);
    await b.note.getByRole('button', { name: 'Save draft' }).click();
    await b.note
      .getByText(
        'This note was changed elsewhere since you opened it. Nothing was saved: copy your text, reload, and apply it again.',
      )
      .first()
      .waitFor();
    await b.note.getByRole('button', { name: 'Copy my text' }).waitFor();
    await b.note.getByRole('button', { name: 'Reload the newest version' }).waitFor();
    expect(await b.editor.innerText()).toContain(mine.trim());
    expect(await axeViolations(other)).toEqual([]);

    // Nothing of the second tab was saved.
    const saved = await apiCall<{ contentHtml: string }>(
      page,
      'GET',
      `/api/clients/sessions/note/retrieve/${(await apiCall<{ sessionNotes: { id: number }[] }>(page, 'GET', `/api/clients/single-session/retrieve/${sessionId}`)).sessionNotes[0]!.id}`,
    );
    expect(saved.contentHtml).toContain('Tab A: talked about work.');
    expect(saved.contentHtml).not.toContain('Tab B');

    // The refused save answers 409, and the modal form logs its failure: both on purpose here.
    const expected =
      /status of 409 .*\/api\/clients\/sessions\/note\/|^A form failed to save\. ApiError: This note was changed elsewhere/;
    expect(otherErrors.filter((error) => !expected.test(error))).toEqual([]);
    await finish({ watched: first, allowed: SESSION_CLASH });
  });

  it('given Privacy is turned on on a client page, then every client detail on the page is blurred and the name shows nowhere unblurred', async () => {
    const watched = await signedIn();
    const { page } = watched;
    const client = {
      firstName: 'Mildred',
      lastName: 'Quennell',
      email: 'mildred.quennell@example.org',
      phone: '+44 20 7946 0321',
      pronouns: 'she/her',
      tags: ['evening'],
    };
    const clientId = await createClientThroughApi(page, client);
    const contact = { name: 'Peter Wimsey', phone: '+44 20 7946 0999' };
    await apiCall(page, 'POST', `/api/clients/relationships/${clientId}`, {
      ...contact,
      relationshipType: 'emergency_contact',
      consentToContact: true,
    });
    await scheduleSessionThroughApi(page, clientId);
    const call = 'Phoned about moving the Tuesday session';
    await apiCall(page, 'POST', `/api/clients/activity-log/${clientId}`, {
      kind: 'call',
      direction: 'outgoing',
      summary: call,
    });
    await openClient(page, server.url, clientId);
    await page.getByRole('heading', { name: 'Mildred Quennell', level: 1 }).waitFor();
    await page.getByText(client.email).first().waitFor();

    const secrets = [client.firstName, client.lastName, client.email, client.phone, contact.name, contact.phone, call];
    // With privacy off the check does see the details on screen (so it can fail).
    expect((await privacyReport(page, secrets)).exposed.length).toBeGreaterThan(2);

    const privacy = page.getByRole('switch', { name: 'Privacy' });
    await privacy.click();
    expect(await privacy.isChecked()).toBe(true);
    // The pointer rests away from the page, so nothing is revealed by hovering.
    await page.mouse.move(0, 0);
    await expect
      .poll(async () => {
        const report = await privacyReport(page, secrets);
        return { ...report, wrappers: report.wrappers > 5 };
      })
      .toEqual({ shown: [], exposed: [], wrappers: true });
    expect(await axeViolations(page)).toEqual([]);

    // Every tab keeps them blurred too (the contact and the logged call are on screen in theirs).
    await page.getByRole('tab', { name: 'Contacts' }).click();
    await page.getByText(contact.name).first().waitFor();
    await page.getByRole('tab', { name: 'Activity log' }).click();
    await page.getByText(call).first().waitFor();
    const tabs = await page.getByRole('tablist', { name: 'Client records' }).getByRole('tab').allInnerTexts();
    expect(tabs.length).toBeGreaterThan(8);
    for (const tab of tabs) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await page.getByRole('tab', { name: tab, exact: true, selected: true }).waitFor();
      await page.getByRole('tabpanel').locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
      await page.mouse.move(0, 0);
      const report = await privacyReport(page, secrets);
      expect({ tab, shown: report.shown, exposed: report.exposed }).toEqual({ tab, shown: [], exposed: [] });
    }

    await privacy.click();
    await page.getByRole('heading', { name: 'Mildred Quennell', level: 1 }).locator('[data-state="shown"]').waitFor();
    await finish({ watched, allowed: SESSION_CLASH });
  });
});
