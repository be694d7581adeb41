import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REMINDER_FAILED_NOTIFICATION } from '@halcyon/api/contract';
import type { MailMessage } from '../../../platform/mail';
import { createTestApp } from '../../../test/app';
import { memberOf, seedPractice } from '../../../test/auth';
import { clientReminderPreferences, clients } from '../../clients/schema';
import { notificationPreferences } from '../../account/schema';
import { notifications } from '../../notifications/schema';
import { clientSessions } from '../../sessions/schema';
import { schedulingPreferences } from '../schema';
import { queueDueReminders, REMINDER_RETRY, sendReminder, sessionReminderJobs, REMINDER_SEND_QUEUE } from './reminders';
import { sessionReminders } from './schema';
import { emailTemplates } from '../../workspace/templates';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The moment the tests' clock reads. */
const NOW = new Date('2026-11-02T09:00:00.000Z');

/** The client's e-mails go through `deliver` (refused when `failing`); the team's through `team.send` (`told`). */
function transport(failing = false) {
  const sent: MailMessage[] = [];
  const told: MailMessage[] = [];
  const deliver = (message: MailMessage) => {
    if (failing) return Promise.reject(new Error('SMTP is down'));
    sent.push(message);
    return Promise.resolve();
  };
  const team = {
    send: (message: MailMessage) => {
      told.push(message);
      return Promise.resolve();
    },
  };
  return { sent, told, deliver, transport: { deliver }, team, appUrl: 'https://halcyon.example' };
}

async function setup(consent = true) {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  const { db } = t.database;
  const [client] = await db
    .insert(clients)
    .values({
      practiceId: practice.practiceId,
      firstName: 'Morgan',
      lastName: 'Adeyemi',
      email: 'morgan@client.example',
    })
    .returning({ id: clients.id });
  await db.insert(clientReminderPreferences).values({
    practiceId: practice.practiceId,
    clientId: client!.id,
    emailReminders: consent,
    leadTimeHours: 24,
    consentGiven: consent,
  });
  const therapistId = memberOf(practice, 'Therapist').userId;
  /** A scheduled session starting at `startsAt`. */
  const session = async (startsAt: Date, values: Partial<typeof clientSessions.$inferInsert> = {}) => {
    const [row] = await db
      .insert(clientSessions)
      .values({
        practiceId: practice.practiceId,
        clientId: client!.id,
        therapistId,
        serviceName: 'Couples therapy',
        startsAt,
        endsAt: new Date(startsAt.getTime() + 50 * MINUTE),
        ...values,
      })
      .returning();
    return row!;
  };
  const reminders = (sessionId: number) =>
    db.select().from(sessionReminders).where(eq(sessionReminders.sessionId, sessionId));
  return { t, db, practice, therapistId, clientId: client!.id, session, reminders };
}

describe('session reminders', () => {
  it('given a session 24 hours away, then one reminder is due; a second run adds none, and it is e-mailed once', async () => {
    const c = await setup();
    const s = await c.session(new Date(NOW.getTime() + 24 * HOUR - 3 * MINUTE), {
      locationKind: 'video',
      videoLink: 'https://meet.example.com/morgan',
    });
    const ids = await queueDueReminders(c.db, NOW);
    expect(ids).toHaveLength(1);
    expect(await queueDueReminders(c.db, new Date(NOW.getTime() + 5 * MINUTE))).toEqual([]);

    const mail = transport();
    expect(await sendReminder(c.db, mail, ids[0]!, { last: false }, NOW)).toBe('sent');
    expect(await sendReminder(c.db, mail, ids[0]!, { last: false }, NOW)).toBe('skipped');
    expect(mail.sent).toHaveLength(1);
    const [message] = mail.sent;
    expect(message!.to).toBe('morgan@client.example');
    // The service once, the practice's local time with its zone, the video link.
    expect(message!.text.match(/Couples therapy/g)).toHaveLength(1);
    expect(message!.text).toContain('Tuesday 3 November at 08:57 (Europe/London)');
    expect(message!.text).toContain('https://meet.example.com/morgan');
    expect(await c.reminders(s.id)).toEqual([expect.objectContaining({ status: 'sent', offsetMinutes: 1_440 })]);
  });

  it("given the practice's own reminder in its template library, then the e-mail is in its words, with the join link", async () => {
    const c = await setup();
    await c.db.insert(emailTemplates).values({
      practiceId: c.practice.practiceId,
      usageContext: 'session-reminder',
      subject: 'See you soon, {{client.firstName}}',
      body: 'Dear {{client.fullName}},\n\nWe look forward to seeing you on {{session.start}} ({{session.location}}).',
    });
    await c.session(new Date(NOW.getTime() + 24 * HOUR - 3 * MINUTE), {
      locationKind: 'video',
      videoLink: 'https://meet.example.com/morgan',
    });
    const [id] = await queueDueReminders(c.db, NOW);
    const mail = transport();
    expect(await sendReminder(c.db, mail, id!, { last: false }, NOW)).toBe('sent');
    const [message] = mail.sent;
    expect(message!.subject).toBe('See you soon, Morgan');
    expect(message!.text).toContain('Dear Morgan Adeyemi,');
    expect(message!.text).toContain(
      'We look forward to seeing you on Tuesday 3 November at 08:57 (Europe/London) (by video).',
    );
    expect(message!.text).toContain('https://meet.example.com/morgan');
    expect(message!.text).not.toContain('{{');
  });

  it("given the practice's times and the client's own lead time, then each is due in turn, and none before its time", async () => {
    const c = await setup();
    await c.db
      .insert(schedulingPreferences)
      .values({ practiceId: c.practice.practiceId, reminderOffsetsMinutes: [120] });
    const s = await c.session(new Date(NOW.getTime() + 30 * HOUR));
    expect(await queueDueReminders(c.db, NOW)).toEqual([]);
    const at = (hoursBefore: number) => new Date(s.startsAt.getTime() - hoursBefore * HOUR + MINUTE);
    expect(await queueDueReminders(c.db, at(24))).toHaveLength(1);
    expect(await queueDueReminders(c.db, at(2))).toHaveLength(1);
    expect((await c.reminders(s.id)).map((r) => r.offsetMinutes).sort()).toEqual([120, 1_440]);
  });

  it('given a cancelled session, a client without consent or a reminder time long past, then nothing is due', async () => {
    const c = await setup();
    await c.session(new Date(NOW.getTime() + 23 * HOUR), { status: 'cancelled' });
    // Booked 3 hours before the start: its 24-hour reminder's time passed long ago.
    await c.session(new Date(NOW.getTime() + 3 * HOUR));
    expect(await queueDueReminders(c.db, NOW)).toEqual([]);
    const noConsent = await setup(false);
    await noConsent.session(new Date(NOW.getTime() + 23.5 * HOUR));
    expect(await queueDueReminders(noConsent.db, NOW)).toEqual([]);
  });

  it('given a session moved after its reminder, then the old reminder is skipped and the new start gets a fresh one', async () => {
    const c = await setup();
    const s = await c.session(new Date(NOW.getTime() + 23.5 * HOUR));
    const [first] = await queueDueReminders(c.db, NOW);
    const moved = new Date(s.startsAt.getTime() + 2 * HOUR);
    await c.db.update(clientSessions).set({ startsAt: moved }).where(eq(clientSessions.id, s.id));
    const mail = transport();
    expect(await sendReminder(c.db, mail, first!, { last: false }, NOW)).toBe('skipped');
    const later = new Date(NOW.getTime() + 2 * HOUR);
    const [fresh] = await queueDueReminders(c.db, later);
    expect(fresh).not.toBe(first);
    expect(await sendReminder(c.db, mail, fresh!, { last: false }, later)).toBe('sent');
    expect(mail.sent).toHaveLength(1);
  });

  it('given a failing e-mail, then it is retried, and after the last try the therapist is notified once', async () => {
    const c = await setup();
    await c.session(new Date(NOW.getTime() + 23.9 * HOUR));
    const [id] = await queueDueReminders(c.db, NOW);
    const down = transport(true);
    await expect(sendReminder(c.db, down, id!, { last: false }, NOW)).rejects.toThrow('SMTP is down');
    expect((await c.db.select().from(sessionReminders).where(eq(sessionReminders.id, id!)))[0]).toMatchObject({
      status: 'queued',
      attempts: 1,
    });
    expect(await sendReminder(c.db, down, id!, { last: true }, NOW)).toBe('failed');
    const told = await c.db.select().from(notifications).where(eq(notifications.userId, c.therapistId));
    expect(told).toEqual([
      expect.objectContaining({
        title: REMINDER_FAILED_NOTIFICATION.title,
        category: 'reminder',
        link: `/Clients/${c.clientId}?tab=sessions`,
      }),
    ]);
    expect(told[0]!.content).toContain("Morgan's session on");
    // Their preferences allow it (on by default): an e-mail too, naming no client, with a link to sign in.
    const [mail] = down.told;
    expect(down.told).toHaveLength(1);
    expect(mail).toMatchObject({
      to: memberOf(c.practice, 'Therapist').email,
      subject: 'A session reminder could not be sent',
    });
    expect(mail!.text).toContain('https://halcyon.example/Login');
    expect(mail!.text).not.toContain('Morgan');
    expect(await sendReminder(c.db, down, id!, { last: true }, NOW)).toBe('skipped');
    expect(down.told).toHaveLength(1);
  });

  it('given a therapist who turned off e-mails about failed reminders, then a failed reminder is only a notification', async () => {
    const c = await setup();
    await c.db
      .insert(notificationPreferences)
      .values({ userId: c.therapistId, practiceId: c.practice.practiceId, failedReminders: false });
    await c.session(new Date(NOW.getTime() + 23.9 * HOUR));
    const [id] = await queueDueReminders(c.db, NOW);
    const down = transport(true);
    expect(await sendReminder(c.db, down, id!, { last: true }, NOW)).toBe('failed');
    expect(await c.db.select().from(notifications).where(eq(notifications.userId, c.therapistId))).toHaveLength(1);
    expect(down.told).toEqual([]);
  });

  it('given the job definitions, then the due job sends one job per reminder and the send job knows its last try', async () => {
    const c = await setup();
    await c.session(new Date(Date.now() + 24 * HOUR - 10 * MINUTE));
    const queued: { name: string; data: object; options: object }[] = [];
    const jobs = {
      send: (name: string, data: object, options: object = {}) => {
        queued.push({ name, data, options });
        return Promise.resolve('job');
      },
    };
    const down = transport(true);
    const [due, send] = sessionReminderJobs(jobs, () => c.t.platform, down);
    expect(due.cron).toBe('*/5 * * * *');
    await due.handler({}, { id: 'due', retryCount: 0 });
    expect(queued).toEqual([
      expect.objectContaining({ name: REMINDER_SEND_QUEUE, options: { singletonKey: expect.any(String) } }),
    ]);
    const data = queued[0]!.data as { reminderId: number };
    await expect(send.handler(data, { id: 'send', retryCount: 0 })).rejects.toThrow();
    await send.handler(data, { id: 'send', retryCount: REMINDER_RETRY.limit });
    const [row] = await c.db.select().from(sessionReminders).where(eq(sessionReminders.id, data.reminderId));
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
  });
});
