import type { Locator, Page } from 'playwright-core';

/**
 * Calls the API from inside a signed-in page, as the web app does (bearer token from localStorage, JSON), for the set-up
 * a journey is not about (e.g. a client to look at). Rejects with the status and body on anything but 2xx.
 */
export async function apiCall<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, path, body }) => {
      const token = window.localStorage.getItem('access_token');
      const response = await fetch(path, {
        method,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, text };
    },
    { method, path, body },
  );
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(`${method} ${path} answered ${answer.status}: ${answer.text}`);
  return (answer.text ? JSON.parse(answer.text) : undefined) as T;
}

export interface ClientInput {
  firstName: string;
  lastName: string;
  email?: string;
  phone?: string;
  pronouns?: string;
  tags?: string[];
}

/** Adds an active individual client through the API (the onboarding modal has its own journey); answers its id. */
export async function createClientThroughApi(page: Page, client: ClientInput): Promise<number> {
  const created = await apiCall<{ id: number }>(page, 'POST', '/api/clients', {
    kind: 'individual',
    status: 'active',
    ...client,
  });
  return created.id;
}

/** Opens /Clients/{id} on `tab` and waits for the client's header. */
export async function openClient(page: Page, baseUrl: string, clientId: number, tab?: string): Promise<void> {
  await page.goto(`${baseUrl}/Clients/${clientId}${tab ? `?tab=${tab}` : ''}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('tablist', { name: 'Client records' }).waitFor();
}

/** The tab panel of the client page that is showing. */
export function currentTabPanel(page: Page): Locator {
  return page.getByRole('tabpanel');
}

/** The open dialog named `name` (a modal). */
export function dialog(page: Page, name: string | RegExp): Locator {
  return page.getByRole('dialog', { name });
}

/** A card of the client page by its heading (h2): the heading's header and body (`Card` > header > h2). */
export function card(page: Page, title: string): Locator {
  return page.getByRole('heading', { name: title, exact: true, level: 2 }).locator('xpath=../..');
}

/** Picks `option` in the Select (a combobox) named `label` inside `scope`. */
export async function choose(page: Page, scope: Locator, label: string | RegExp, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The success banner/toast text, word for word (SPEC.md §8). */
export function message(page: Page, text: string): Locator {
  return page.getByText(text, { exact: true }).first();
}

export interface PrivacyReport {
  /** `[data-privacy]` wrappers that are not blurred (their outer HTML, shortened). */
  shown: string[];
  /** Texts on screen that hold one of the secrets but sit outside a blurred wrapper. */
  exposed: string[];
  /** How many wrappers were checked. */
  wrappers: number;
}

/**
 * With privacy on: every Sensitive wrapper (`[data-privacy]`) of the page must be `data-state="hidden"` and blurred, and
 * every visible text that holds one of `secrets` (the client's name, e-mail, ...) must sit inside such a wrapper.
 */
export async function privacyReport(page: Page, secrets: string[]): Promise<PrivacyReport> {
  return page.evaluate((secrets) => {
    const wrappers = Array.from(document.querySelectorAll<HTMLElement>('[data-privacy]'));
    const shown = wrappers
      .filter(
        (element) =>
          element.dataset.privacy !== 'on' ||
          element.dataset.state !== 'hidden' ||
          !getComputedStyle(element).filter.startsWith('blur('),
      )
      .map((element) => element.outerHTML.slice(0, 160));
    const exposed: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const lowered = secrets.map((secret) => secret.toLowerCase());
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (!lowered.some((secret) => text.toLowerCase().includes(secret))) continue;
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, template, [hidden], [aria-hidden="true"]')) continue;
      const box = parent.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const wrapper = parent.closest<HTMLElement>('[data-privacy]');
      if (!wrapper || wrapper.dataset.state !== 'hidden' || !getComputedStyle(wrapper).filter.startsWith('blur('))
        exposed.push(`${parent.tagName.toLowerCase()}: ${text.trim().slice(0, 80)}`);
    }
    return { shown, exposed, wrappers: wrappers.length };
  }, secrets);
}

/** A small valid one-page PDF (with a correct cross-reference table), for uploads that are read as PDFs by the server. */
export function onePagePdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Draws a short scribble on `canvas` with the mouse (pointer down, a few moves, up). */
export async function drawOn(page: Page, canvas: Locator): Promise<void> {
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('The signature pad is not on screen.');
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  await page.mouse.move(...at(0.1, 0.6));
  await page.mouse.down();
  for (const [x, y] of [
    [0.2, 0.3],
    [0.3, 0.7],
    [0.45, 0.35],
    [0.6, 0.65],
    [0.75, 0.4],
    [0.9, 0.55],
  ] as const)
    await page.mouse.move(...at(x, y), { steps: 4 });
  await page.mouse.up();
}

/** Console and page errors of a page opened with `context.newPage()` (a second tab), like `openPage` records them. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (entry) => {
    if (entry.type() !== 'error') return;
    const url = entry.location().url;
    errors.push(url && entry.text().startsWith('Failed to load resource') ? `${entry.text()} ${url}` : entry.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * A session of the client through the API (`minutesFromNow` from now, 50 minutes), answering its id. The diary refuses a
 * clash with the therapist's other sessions (a new practice does not allow double-booking), so when that time is taken
 * the session goes an hour earlier, and so on: it stays in the past, where attendance and notes can be recorded.
 */
export async function scheduleSessionThroughApi(
  page: Page,
  clientId: number,
  minutesFromNow = -120,
  /** More of the session's fields, e.g. the practice's `serviceId` (its price becomes the session's). */
  fields: Record<string, unknown> = {},
): Promise<number> {
  for (let hoursEarlier = 0; ; hoursEarlier += 1) {
    const at = Date.now() + (minutesFromNow - 60 * hoursEarlier) * 60_000;
    const startsAt = new Date(Math.round(at / 300_000) * 300_000).toISOString();
    try {
      const created = await apiCall<{ items?: { id: number }[]; id?: number }>(
        page,
        'POST',
        `/api/clients/sessions/create/${clientId}`,
        { serviceName: 'Individual session', startsAt, durationMinutes: 50, ...fields },
      );
      const id = created.items?.[0]?.id ?? created.id;
      if (!id) throw new Error(`No session id in ${JSON.stringify(created)}`);
      return id;
    } catch (error) {
      if (hoursEarlier >= 12 || !String(error).includes('answered 409')) throw error;
    }
  }
}

/** Types `text` at the end of a rich-text editor (a contenteditable textbox). */
export async function typeAtEnd(page: Page, editor: Locator, text: string): Promise<void> {
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
}
