import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, openPage } from './support/browser';
import { apiCall, dialog, message } from './support/clients';
import {
  e2eServer,
  newAccount,
  newPerson,
  openSettingsPage,
  registerPractice,
  signIn,
  type Account,
} from './support/journeys';
import { linkFromOutbox } from './support/outbox';

/** SPEC.md §8 and the booking contract's messages, word for word. */
const REQUEST_SENT =
  'Thank you. Your request has been sent. We have e-mailed you a copy, and you will hear back once it is answered.';
const REQUEST_AMENDED = 'New time proposed. We have e-mailed the requester a link to accept it.';
const AMENDED_ACCEPTED = 'Thank you. Your session is confirmed, and we have e-mailed you the details.';
const SESSION_UPDATED = 'Session updated.';

const SERVICE = 'Individual session';

/** `YYYY-MM-DD` of an instant in a time zone. */
function dayIn(instant: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

/** An iCalendar UTC stamp, `20261130T100000Z`, of an ISO instant. */
const icsStamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');

interface DiaryItem {
  id: string;
  kind: string;
  startDateTimeUTC: string;
  endDateTimeUTC: string;
  client: { name: string } | null;
}

/** The practice's diary events of the next fortnight (a new practice: only what the journey booked). */
async function diaryAhead(page: Page): Promise<DiaryItem[]> {
  const from = new Date().toISOString();
  const to = new Date(Date.now() + 14 * 86_400_000).toISOString();
  const answer = await apiCall<{ items: DiaryItem[] }>(page, 'GET', `/api/appointments/retrieve-events/${from}/${to}`);
  return answer.items;
}

/**
 * Issue 14, item 10: a visitor books on the public page -> the request is in the therapist's inbox -> the therapist
 * proposes another time -> the visitor accepts from the e-mail link -> the session is in /Schedule and in the .ics feed
 * -> a drag moves it, which saves and survives a reload.
 */
describe('scheduling: from a public booking to a moved session', () => {
  const server = e2eServer();
  let browser: Browser;
  let account: Account;
  beforeAll(async () => {
    browser = await launchBrowser();
    account = newAccount('Carl');
    await registerPractice(browser, server, account);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given online booking on, when a visitor requests a time and accepts the time the therapist proposes instead, then the session is in /Schedule and the feed, and a drag moves it for good', async () => {
    const therapist = await openPage(browser, { width: 1440, height: 1000 });
    const { page } = therapist;
    await signIn(page, server, account);

    // Set-up the journey is not about: every day 08:00-20:00 bookable, online booking on with no minimum notice.
    const slug = `carl-${account.email.split('.')[1]!.split('@')[0]}`;
    await apiCall(page, 'POST', '/api/settings/appointments/availability', {
      days: [0, 1, 2, 3, 4, 5, 6].map((dayIndex) => ({ dayIndex, startTime: '08:00', endTime: '20:00' })),
    });
    // What the page offers: a service marked "Booked online" in Settings > Services.
    await apiCall(page, 'POST', '/api/settings/services', {
      name: SERVICE,
      kind: 'individual',
      durationMinutes: 50,
      priceMinor: 7_500,
      currency: 'GBP',
      bookableOnline: true,
    });
    await apiCall(page, 'PUT', '/api/settings/appointments/requests', {
      enabled: true,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 10,
      minimumNoticeHours: 0,
      maxDaysAhead: 60,
      slotStepMinutes: 30,
      therapistIds: [],
      slug,
      version: 0,
    });
    const { timeZone } = await apiCall<{ timeZone: string }>(page, 'GET', '/api/practice');
    // A late-cancellation rule, which the move dialog names before saving (a move itself is never charged).
    await apiCall(page, 'POST', '/api/settings/appointments/cancellation', {
      triggerInHoursBeforeStart: 168,
      feeKind: 'fixed',
      feeMinor: 2000,
      currency: 'GBP',
      message: 'Sessions cancelled with less than a week’s notice are charged £20.00.',
    });

    // 1. The visitor books next week's first free time on the public page.
    const visitor = await openPage(browser, { width: 390, height: 844 });
    const person = newPerson('Rosalind', 'Franklin');
    const fullName = `${person.firstName} ${person.lastName}`;
    await visitor.page.goto(`${server.url}/Book/${slug}`);
    await visitor.page.getByRole('heading', { name: /^Book a session/, level: 1 }).waitFor();
    await visitor.page.getByRole('button', { name: 'Next week' }).click();
    const firstSlot = visitor.page.getByRole('button', { pressed: false }).and(visitor.page.locator('[aria-pressed]'));
    await firstSlot.first().click();
    const details = visitor.page.getByRole('form', { name: 'Your details' });
    await details.getByLabel('Your name').fill(fullName);
    await details.getByLabel('E-mail address').fill(person.email);
    await details.getByLabel('Message').fill('Evenings suit me best.');
    await details.getByRole('button', { name: 'Request this time' }).click();
    await message(visitor.page, REQUEST_SENT).waitFor();
    expect(await axeViolations(visitor.page)).toEqual([]);

    // 2. The request is in the therapist's inbox on /Appointments; 3. they propose another time, three days on at 10:00.
    await page.goto(`${server.url}/Appointments`);
    await page.getByRole('heading', { name: 'Appointments', level: 1 }).waitFor();
    const inbox = page.getByRole('list', { name: 'Session requests' });
    await inbox.getByText(fullName).waitFor();
    await inbox.getByRole('button', { name: `Propose another time to ${fullName}` }).click();
    const amend = dialog(page, 'Propose another time');
    await amend.getByLabel('New date').waitFor();
    const proposedDay = dayIn(Date.now() + 3 * 86_400_000, timeZone);
    await amend.getByLabel('New date').fill(proposedDay);
    await amend.getByLabel('Start').fill('10:00');
    await amend.getByLabel('Message to the requester').fill('Would this time suit you instead?');
    await amend.getByRole('button', { name: 'Send proposal' }).click();
    await message(page, REQUEST_AMENDED).waitFor();
    await amend.waitFor({ state: 'detached' });

    // 4. The visitor accepts the proposed time from the link in their e-mail.
    const link = await linkFromOutbox(server.dataDir, person.email, '/Booking-request');
    await visitor.page.goto(`${server.url}${link}`);
    await visitor.page.getByRole('heading', { name: 'A new time for your session' }).waitFor();
    await visitor.page.getByRole('button', { name: 'Accept this time' }).click();
    await message(visitor.page, AMENDED_ACCEPTED).waitFor();
    expect(await axeViolations(visitor.page)).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();

    // The request left the inbox; the session is in the diary at 10:00 of that day.
    await page.reload();
    await page.getByRole('heading', { name: 'Appointments', level: 1 }).waitFor();
    await page.getByText('No session requests waiting').waitFor();
    const [booked] = (await diaryAhead(page)).filter((event) => event.kind === 'session');
    expect(booked?.client?.name).toBe(fullName);

    // 5. It is in /Schedule's week, named with the client, and in the .ics feed made in Settings.
    await page.goto(`${server.url}/Schedule?date=${proposedDay}`);
    await page.getByRole('heading', { name: 'Schedule', level: 1 }).waitFor();
    const grid = page.locator('[aria-label="The week"]');
    const event = grid.locator(`[data-event-id="${booked!.id}"]`);
    await event.waitFor();
    // Its name is what it shows (WCAG 2.5.3), as Chrome reads it: time, client, then the service (the comma between
    // them is read, not seen: Chrome spaces a hidden part apart, "Alex Doe , Individual session").
    const named = grid.getByRole('button', { name: new RegExp(`^10:00–10:50 ${fullName} ?, `) });
    expect(await named.getAttribute('data-event-id')).toBe(booked!.id);

    await openSettingsPage(page, 'Sync-external-calendar');
    await page.getByRole('button', { name: 'Make feed address' }).click();
    const address = await page.getByLabel('Your calendar feed address').inputValue();
    const feed = await fetch(address);
    expect(feed.status).toBe(200);
    const ics = await feed.text();
    expect(ics).toContain(`UID:${booked!.id}@halcyon`);
    expect(ics).toContain(`DTSTART:${icsStamp(booked!.startDateTimeUTC)}`);
    // Client names stay out of the feed unless the member opts in.
    expect(ics).not.toContain(person.lastName);

    // 6. A real pointer drag moves the session an hour later; the move dialog confirms it; it survives a reload.
    await page.goto(`${server.url}/Schedule?date=${proposedDay}`);
    await event.waitFor();
    await event.scrollIntoViewIfNeeded();
    const box = await event.boundingBox();
    const ten = await grid
      .getByRole('button', { name: /, 10:00(, available)?$/ })
      .first()
      .boundingBox();
    const eleven = await grid
      .getByRole('button', { name: /, 11:00(, available)?$/ })
      .first()
      .boundingBox();
    if (!box || !ten || !eleven) throw new Error('The session is not on screen.');
    const hour = eleven.y - ten.y;
    await page.mouse.move(box.x + box.width / 2, box.y + 6);
    await page.mouse.down();
    for (let step = 1; step <= 8; step += 1)
      await page.mouse.move(box.x + box.width / 2, box.y + 6 + (hour * step) / 8);
    await page.mouse.up();
    const move = page.getByRole('dialog', { name: /^Move session/ });
    await move.waitFor();
    expect(await move.getByLabel('Start').inputValue()).toBe('11:00');
    expect(await move.getByLabel('End').inputValue()).toBe('11:50');
    await move
      .getByText('Per your cancellation policy (cancelled less than 1 week before the start), the fee is £20.00.')
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await move.getByRole('button', { name: 'Move session' }).click();
    await message(page, SESSION_UPDATED).waitFor();
    await move.waitFor({ state: 'detached' });

    await page.reload();
    await event.waitFor();
    expect(await event.textContent()).toContain('11:00–11:50');
    const [moved] = (await diaryAhead(page)).filter((item) => item.id === booked!.id);
    expect(Date.parse(moved!.startDateTimeUTC) - Date.parse(booked!.startDateTimeUTC)).toBe(3_600_000);

    expect(therapist.errors).toEqual([]);
    await therapist.context.close();
  });
});
