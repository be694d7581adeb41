import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import {
  COMPLIANCE_EXPIRY_NOTIFICATION,
  LEARNING_MESSAGES,
  shiftDate,
  todayDate,
  type ComplianceItem,
  type CpdActivity,
  type CpdYear,
  type SupervisionSession,
  type SupervisionYear,
} from '@halcyon/api/contract';
import { createTestApp } from '../../../test/app';
import { bearer, memberOf, readOutbox, seedPractice, sessionFor, type Tokens } from '../../../test/auth';
import { notificationPreferences } from '../../account/schema';
import { SAMPLE_FILES, upload } from '../../../test/upload';
import { auditLog } from '../../../platform/audit/schema';
import { notifications } from '../../notifications/schema';
import { COMPLIANCE_EXPIRY_QUEUE, complianceExpiryJob, notifyExpiringCompliance } from './expiry';
import { complianceItems, cpdActivities, supervisionSessions } from './schema';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

// Each test seeds two practices on a fresh database; a loaded machine (and the first test's set-up) needs room.
vi.setConfig({ testTimeout: 120_000 });

async function setup() {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  const other = await seedPractice(t);
  const admin = await sessionFor(t, memberOf(practice, 'Admin'));
  const therapist = await sessionFor(t, memberOf(practice, 'Therapist'));
  const assistant = await sessionFor(t, memberOf(practice, 'Assistant'));
  const outsider = await sessionFor(t, memberOf(other, 'Admin'));
  const send = (method: Method, url: string, tokens: Tokens = therapist, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(tokens),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  // The generator seeds each clinician's learning; these tests start from an empty log.
  for (const table of [cpdActivities, supervisionSessions, complianceItems]) await t.database.db.delete(table);
  return { t, practice, other, admin, therapist, assistant, outsider, send };
}
type Ctx = Awaited<ReturnType<typeof setup>>;

const today = todayDate();
const thisYear = Number(today.slice(0, 4));
const COURSE = {
  title: 'Working with trauma',
  type: 'course',
  provider: 'Trauma Training Collective',
  date: today,
  hours: 6.5,
  reflection: 'Slow the first sessions down.',
};
const SUPERVISION = { date: today, supervisor: 'Dr Helen Marsh', hours: 1.5, format: 'individual', notes: 'Endings.' };
const MEMBERSHIP = { kind: 'membership', body: 'BACP', number: 'M-12345', issueDate: shiftDate(today, { years: -1 }) };

async function created<T>(c: Ctx, url: string, payload: unknown, tokens: Tokens = c.therapist): Promise<T> {
  const response = await c.send('POST', url, tokens, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

describe('CPD activities', () => {
  it('given a Therapist, then they record, list with the hours against the target, change and delete activities', async () => {
    const c = await setup();
    const course = await created<CpdActivity>(c, '/api/learning/cpd', COURSE);
    expect(course).toMatchObject({ ...COURSE, evidence: null, version: 1 });
    await created(c, '/api/learning/cpd', { ...COURSE, title: 'Ethics webinar', type: 'webinar', hours: 1.25 });
    // Last year's activity is not this year's.
    await created(c, '/api/learning/cpd', { ...COURSE, date: `${thisYear - 1}-06-01` });

    const target = await c.send('PUT', '/api/learning/cpd-target', c.therapist, { targetHours: 40 });
    expect(target.json()).toEqual({ targetHours: 40 });
    const year = (await c.send('GET', `/api/learning/cpd?year=${thisYear}`)).json<CpdYear>();
    expect(year).toMatchObject({ year: thisYear, hours: 7.75, targetHours: 40 });
    expect(year.items.map((i) => i.title).sort()).toEqual(['Ethics webinar', 'Working with trauma']);
    // The Admin keeps a log of their own: the Therapist's is not in it, and their target is the default.
    const admins = (await c.send('GET', '/api/learning/cpd', c.admin)).json<CpdYear>();
    expect(admins).toMatchObject({ items: [], hours: 0, targetHours: 30 });
    expect((await c.send('GET', `/api/learning/cpd/${course.id}`, c.admin)).statusCode).toBe(404);

    const changed = await c.send('PUT', `/api/learning/cpd/${course.id}`, c.therapist, {
      ...COURSE,
      hours: 7,
      version: 1,
    });
    expect(changed.json()).toMatchObject({ hours: 7, version: 2 });
    const stale = await c.send('PUT', `/api/learning/cpd/${course.id}`, c.therapist, { ...COURSE, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ detail: LEARNING_MESSAGES.cpdChanged });

    const deleted = await c.send('DELETE', `/api/learning/cpd/${course.id}`);
    expect(deleted.json()).toEqual({ detail: 'CPD activity was successfully deleted.' });
    expect((await c.send('GET', `/api/learning/cpd/${course.id}`)).statusCode).toBe(404);
  });

  it('given bad input, then each is refused with a clear message on its field and nothing is saved', async () => {
    const c = await setup();
    const tomorrow = shiftDate(today, { days: 2 });
    const cases: [object, string, RegExp][] = [
      [{ hours: 0 }, 'hours', /^Enter more than 0 hours for the activity\.$/],
      [{ hours: 101 }, 'hours', /^Enter at most 100 hours/],
      [{ hours: 1.1 }, 'hours', /quarter hours/],
      [{ date: tomorrow }, 'date', /^Choose the date of the activity between .+ and today\.$/],
      [{ title: 'x'.repeat(10_000) }, 'title', /^Use at most 200 characters\.$/],
      [{ title: '  ' }, 'title', /^Enter a title\.$/],
    ];
    for (const [change, field, message] of cases) {
      const response = await c.send('POST', '/api/learning/cpd', c.therapist, { ...COURSE, ...change });
      expect(response.statusCode, field).toBe(400);
      expect(response.json<{ fields: Record<string, string> }>().fields[field]).toMatch(message);
    }
    expect((await c.send('GET', '/api/learning/cpd')).json<CpdYear>().items).toEqual([]);
  });

  it('given an evidence file, then only one the member uploaded can be attached, and it comes back with the activity', async () => {
    const c = await setup();
    const mine = (
      await upload(c.t, c.therapist, { name: 'certificate.pdf', type: 'application/pdf', bytes: SAMPLE_FILES.pdf })
    ).json<{ id: string }>();
    const admins = (
      await upload(c.t, c.admin, { name: 'other.pdf', type: 'application/pdf', bytes: SAMPLE_FILES.pdf })
    ).json<{ id: string }>();
    const refused = await c.send('POST', '/api/learning/cpd', c.therapist, { ...COURSE, evidenceFileId: admins.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { evidenceFileId: LEARNING_MESSAGES.fileMissing } });
    const course = await created<CpdActivity>(c, '/api/learning/cpd', { ...COURSE, evidenceFileId: mine.id });
    expect(course.evidence).toMatchObject({ id: mine.id, name: 'certificate.pdf', type: 'application/pdf' });
  });
});

describe('supervision sessions', () => {
  it('given a Therapist, then they record, list, change and delete sessions with SPEC’s message (no full stop)', async () => {
    const c = await setup();
    const session = await created<SupervisionSession>(c, '/api/learning/supervision', SUPERVISION);
    expect(session).toMatchObject({ ...SUPERVISION, version: 1 });
    await created(c, '/api/learning/supervision', { ...SUPERVISION, format: 'group', hours: 2 });
    const year = (await c.send('GET', '/api/learning/supervision')).json<SupervisionYear>();
    expect(year).toMatchObject({ year: thisYear, hours: 3.5 });
    const changed = await c.send('PUT', `/api/learning/supervision/${session.id}`, c.therapist, {
      ...SUPERVISION,
      format: 'group',
      version: 1,
    });
    expect(changed.json()).toMatchObject({ format: 'group', version: 2 });
    const bad = await c.send('POST', '/api/learning/supervision', c.therapist, {
      ...SUPERVISION,
      hours: 0,
      format: 'pair',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ fields: object }>().fields).sort()).toEqual(['format', 'hours']);
    const deleted = await c.send('DELETE', `/api/learning/supervision/${session.id}`);
    expect(deleted.json()).toEqual({ detail: 'Supervision session was successfully deleted' });
  });
});

describe('licence and compliance records', () => {
  it('given records, then SPEC’s profile-compliance paths list them soonest expiry first and read, change and delete one', async () => {
    const c = await setup();
    const later = await created<ComplianceItem>(c, '/api/settings/profile-compliance', {
      ...MEMBERSHIP,
      expiryDate: shiftDate(today, { years: 1 }),
    });
    const soon = await created<ComplianceItem>(c, '/api/settings/profile-compliance', {
      ...MEMBERSHIP,
      kind: 'insurance',
      body: 'Balens',
      expiryDate: shiftDate(today, { days: 30 }),
    });
    const forever = await created<ComplianceItem>(c, '/api/settings/profile-compliance', {
      ...MEMBERSHIP,
      kind: 'DBS check',
      body: 'DBS',
    });
    expect(forever).toMatchObject({ expiryDate: null, remind: true, document: null });
    const list = (await c.send('GET', '/api/settings/profile-compliance')).json<{ items: ComplianceItem[] }>();
    expect(list.items.map((i) => i.id)).toEqual([soon.id, later.id, forever.id]);
    expect((await c.send('GET', `/api/settings/profile-compliance/${soon.id}`)).json()).toEqual(soon);

    const changed = await c.send('PUT', `/api/settings/profile-compliance/${soon.id}`, c.therapist, {
      ...MEMBERSHIP,
      kind: 'insurance',
      body: 'Balens',
      expiryDate: soon.expiryDate,
      remind: false,
      version: 1,
    });
    expect(changed.json()).toMatchObject({ remind: false, version: 2 });
    const deleted = await c.send('DELETE', `/api/settings/profile-compliance/${soon.id}`);
    expect(deleted.json()).toEqual({ detail: 'License / compliance record was successfully deleted.' });
  });

  it('given an expiry before the issue date, then 400 on the expiry date and nothing saved', async () => {
    const c = await setup();
    const response = await c.send('POST', '/api/settings/profile-compliance', c.therapist, {
      ...MEMBERSHIP,
      expiryDate: shiftDate(MEMBERSHIP.issueDate, { days: -1 }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: Record<string, string> }>().fields.expiryDate).toMatch(
      /^The expiry date must be on or after the issue date \(.+\)\.$/,
    );
    expect((await c.send('GET', '/api/settings/profile-compliance')).json()).toEqual({ items: [] });
  });
});

describe('roles and tenancy', () => {
  it('given the Assistant, then every learning and compliance route answers 403 (SPEC.md §6)', async () => {
    const c = await setup();
    const course = await created<CpdActivity>(c, '/api/learning/cpd', COURSE);
    const calls: [Method, string, unknown?][] = [
      ['GET', '/api/learning/cpd'],
      ['GET', `/api/learning/cpd/${course.id}`],
      ['POST', '/api/learning/cpd', COURSE],
      ['DELETE', `/api/learning/cpd/${course.id}`],
      ['GET', '/api/learning/cpd-target'],
      ['GET', '/api/learning/cpd-export/csv'],
      ['GET', '/api/learning/cpd-export/pdf'],
      ['GET', '/api/learning/supervision'],
      ['POST', '/api/learning/supervision', SUPERVISION],
      ['GET', '/api/settings/profile-compliance'],
      ['POST', '/api/settings/profile-compliance', MEMBERSHIP],
    ];
    for (const [method, url, payload] of calls) {
      expect((await c.send(method, url, c.assistant, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await c.send('GET', `/api/learning/cpd/${course.id}`)).statusCode).toBe(200);
  });

  it('given another practice, then its member gets 404 for each record and changes nothing', async () => {
    const c = await setup();
    const course = await created<CpdActivity>(c, '/api/learning/cpd', COURSE);
    const session = await created<SupervisionSession>(c, '/api/learning/supervision', SUPERVISION);
    const item = await created<ComplianceItem>(c, '/api/settings/profile-compliance', MEMBERSHIP);
    const calls: [Method, string, unknown?][] = [
      ['GET', `/api/learning/cpd/${course.id}`],
      ['PUT', `/api/learning/cpd/${course.id}`, { ...COURSE, version: 1 }],
      ['DELETE', `/api/learning/cpd/${course.id}`],
      ['GET', `/api/learning/supervision/${session.id}`],
      ['PUT', `/api/learning/supervision/${session.id}`, { ...SUPERVISION, version: 1 }],
      ['DELETE', `/api/learning/supervision/${session.id}`],
      ['GET', `/api/settings/profile-compliance/${item.id}`],
      ['PUT', `/api/settings/profile-compliance/${item.id}`, { ...MEMBERSHIP, version: 1 }],
      ['DELETE', `/api/settings/profile-compliance/${item.id}`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await c.send(method, url, c.outsider, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await c.send('GET', `/api/learning/cpd/${course.id}`)).json()).toEqual(course);
    expect((await c.send('GET', '/api/learning/cpd', c.outsider)).json<CpdYear>().items).toEqual([]);
  });

  it('given a write, then the audit log records who did it', async () => {
    const c = await setup();
    const course = await created<CpdActivity>(c, '/api/learning/cpd', COURSE);
    await c.send('DELETE', `/api/learning/cpd/${course.id}`);
    const rows = await c.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.practiceId, c.practice.practiceId), eq(auditLog.entity, 'deleteCpdActivity')));
    expect(rows).toEqual([
      expect.objectContaining({
        userId: memberOf(c.practice, 'Therapist').userId,
        role: 'Therapist',
        outcome: 'success',
      }),
    ]);
  });
});

describe('the CPD log export', () => {
  async function withLog() {
    const c = await setup();
    await created(c, '/api/learning/cpd', COURSE);
    await created(c, '/api/learning/cpd', {
      ...COURSE,
      title: '=HYPERLINK("http://x.example")',
      provider: 'Provider, with "quotes"',
      hours: 1.25,
      type: 'webinar',
    });
    await created(c, '/api/learning/supervision', SUPERVISION);
    return c;
  }

  it('given a year, then the CSV has one row per activity and session, quoted and guarded against formulas', async () => {
    const c = await withLog();
    const response = await c.send('GET', `/api/learning/cpd-export/csv?year=${thisYear}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="cpd-log-${thisYear}.csv"`);
    const lines = response.body
      .replace(/^\ufeff/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe('Record,Date,Title or supervisor,Type,Provider,Hours,Reflection or notes,Evidence');
    expect(lines).toHaveLength(4);
    expect(lines).toContain(
      `CPD activity,${today},Working with trauma,Course,Trauma Training Collective,6.5,Slow the first sessions down.,`,
    );
    expect(lines).toContain(
      `CPD activity,${today},"'=HYPERLINK(""http://x.example"")",Webinar,"Provider, with ""quotes""",1.25,Slow the first sessions down.,`,
    );
    expect(lines).toContain(`Supervision,${today},Dr Helen Marsh,Individual,,1.5,Endings.,`);
  });

  it('given a year, then the PDF opens with its pages, and a long log runs onto more pages', async () => {
    const c = await withLog();
    const response = await c.send('GET', `/api/learning/cpd-export/pdf?year=${thisYear}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="cpd-log-${thisYear}.pdf"`);
    const short = await PDFDocument.load(response.rawPayload);
    expect(short.getPageCount()).toBe(1);
    expect(short.getTitle()).toMatch(new RegExp(`^CPD log ${thisYear}: `));
    for (let i = 0; i < 40; i += 1) {
      await created(c, '/api/learning/cpd', { ...COURSE, reflection: 'A longer reflection. '.repeat(20) });
    }
    const long = await c.send('GET', `/api/learning/cpd-export/pdf?year=${thisYear}`);
    const pages = (await PDFDocument.load(long.rawPayload)).getPageCount();
    expect(pages).toBeGreaterThan(3);
    expect(long.rawPayload.length).toBeGreaterThan(response.rawPayload.length);
  });
});

describe('expiry reminders', () => {
  it('given a record expiring within 60 days, then the job notifies and e-mails its member once per record and expiry date', async () => {
    const c = await setup();
    const therapistMember = memberOf(c.practice, 'Therapist');
    const therapistId = therapistMember.userId;
    // The Admin turned the e-mail off: notified, not e-mailed.
    const adminMember = memberOf(c.practice, 'Admin');
    await c.t.database.db
      .insert(notificationPreferences)
      .values({ userId: adminMember.userId, practiceId: c.practice.practiceId, expiringCompliance: false });
    await created(
      c,
      '/api/settings/profile-compliance',
      { ...MEMBERSHIP, expiryDate: shiftDate(today, { days: 30 }) },
      c.admin,
    );
    const item = await created<ComplianceItem>(c, '/api/settings/profile-compliance', {
      ...MEMBERSHIP,
      expiryDate: shiftDate(today, { days: 45 }),
    });
    await created(c, '/api/settings/profile-compliance', { ...MEMBERSHIP, expiryDate: shiftDate(today, { days: 90 }) });
    await created(c, '/api/settings/profile-compliance', {
      ...MEMBERSHIP,
      expiryDate: shiftDate(today, { days: 10 }),
      remind: false,
    });
    const mine = () =>
      c.t.database.db
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.userId, therapistId), eq(notifications.title, COMPLIANCE_EXPIRY_NOTIFICATION.title)),
        );

    // The job as the queue runs it, twice (two instances, or the next hour): one notification.
    const job = complianceExpiryJob(() => c.t.platform);
    expect(job.name).toBe(COMPLIANCE_EXPIRY_QUEUE);
    await job.handler({}, { id: 'a', retryCount: 0 });
    await job.handler({}, { id: 'b', retryCount: 0 });
    const sent = await mine();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      category: 'warning',
      link: '/Learning-development#compliance',
      content: expect.stringMatching(/^Your BACP membership-body accreditation expires on .+\. Renew it/),
    });
    expect(await notifyExpiringCompliance(c.t.database.db)).toBe(0);
    const mails = readOutbox(c.t).filter((m) =>
      m.subject.startsWith('Your BACP membership-body accreditation expires'),
    );
    expect(mails.map((m) => m.to)).toEqual([expect.stringContaining(therapistMember.email)]);
    expect(mails[0]!.text).toContain(`Hello ${therapistMember.firstName},`);
    expect(mails[0]!.text).toContain('Renew it and upload the new document.');
    expect(mails[0]!.text).toContain('"Licence and compliance records about to expire" is on');

    // Renewed to a new date still inside the window: reminded again, once.
    await c.send('PUT', `/api/settings/profile-compliance/${item.id}`, c.therapist, {
      ...MEMBERSHIP,
      expiryDate: shiftDate(today, { days: 50 }),
      version: 1,
    });
    expect(await notifyExpiringCompliance(c.t.database.db)).toBe(1);
    expect(await notifyExpiringCompliance(c.t.database.db)).toBe(0);
    expect(await mine()).toHaveLength(2);
    // The 90-day record's time comes later.
    expect(await notifyExpiringCompliance(c.t.database.db, new Date(Date.now() + 40 * 86_400_000))).toBe(1);
  });
});
