import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Practice, PracticeSetup } from '@halcyon/api/contract';
import { createTestApp } from '../../test/app';
import { bearer, memberOf, seedPractice, sessionFor } from '../../test/auth';
import { appointmentAvailability, invoiceAccounts, practiceDetails, services } from '../../schema';

describe('GET /api/practice', () => {
  it('given a practice in Auckland, then every role reads its time zone and currency (the Assistant may not read the settings), and a practice that never chose them reads the defaults', async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t);
    const other = await seedPractice(t);
    await t.database.db
      .insert(practiceDetails)
      .values({ practiceId: practice.practiceId, timeZone: 'Pacific/Auckland', currency: 'NZD' });
    for (const role of ['Admin', 'Therapist', 'Assistant'] as const) {
      const tokens = await sessionFor(t, memberOf(practice, role));
      const response = await t.app.inject({ method: 'GET', url: '/api/practice', headers: bearer(tokens) });
      expect(response.statusCode, role).toBe(200);
      expect(response.json<Practice>(), role).toMatchObject({ timeZone: 'Pacific/Auckland', currency: 'NZD' });
    }
    const assistant = await sessionFor(t, memberOf(practice, 'Assistant'));
    const settings = await t.app.inject({ method: 'GET', url: '/api/settings/practice', headers: bearer(assistant) });
    expect(settings.statusCode).toBe(403);
    const elsewhere = await sessionFor(t, memberOf(other, 'Therapist'));
    const defaulted = await t.app.inject({ method: 'GET', url: '/api/practice', headers: bearer(elsewhere) });
    expect(defaulted.json<Practice>()).toMatchObject({ timeZone: 'Europe/London', currency: 'GBP' });
  });
});

describe('GET /api/practice/setup', () => {
  it('given a new practice, then no step reads done, and each step done (in this practice only) turns that step alone to done; only an Admin may read it', async () => {
    const t = await createTestApp();
    const { db } = t.database;
    const practice = await seedPractice(t);
    const other = await seedPractice(t);
    const admin = await sessionFor(t, memberOf(practice, 'Admin'));
    const read = async (tokens = admin) => {
      const response = await t.app.inject({ method: 'GET', url: '/api/practice/setup', headers: bearer(tokens) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<PracticeSetup>();
    };
    const none = { details: false, service: false, availability: false, invoiceAccount: false };
    expect(await read()).toEqual(none);

    // An address alone is not enough: invoices need a way to reach the practice too.
    await db.insert(practiceDetails).values({ practiceId: practice.practiceId, addressLine1: '12 Quay Street' });
    expect(await read()).toEqual(none);
    await db
      .update(practiceDetails)
      .set({ contactPhone: '0117 496 0000' })
      .where(eq(practiceDetails.practiceId, practice.practiceId));
    expect(await read()).toEqual({ ...none, details: true });

    // An archived service does not count.
    const [service] = await db
      .insert(services)
      .values({
        practiceId: practice.practiceId,
        name: 'Individual therapy',
        kind: 'individual',
        priceMinor: 7000,
        currency: 'GBP',
        colour: '#1f6f6b',
        archived: true,
      })
      .returning({ id: services.id });
    expect(await read()).toEqual({ ...none, details: true });
    await db.update(services).set({ archived: false }).where(eq(services.id, service!.id));
    expect(await read()).toEqual({ ...none, details: true, service: true });

    await db.insert(appointmentAvailability).values({
      practiceId: practice.practiceId,
      therapistId: memberOf(practice, 'Therapist').userId,
      days: [{ dayIndex: 1, startTime: '09:00', endTime: '17:00' }],
    });
    expect(await read()).toEqual({ details: true, service: true, availability: true, invoiceAccount: false });
    await db.insert(invoiceAccounts).values({ practiceId: practice.practiceId, name: 'Main account', currency: 'GBP' });
    expect(await read()).toEqual({ details: true, service: true, availability: true, invoiceAccount: true });

    // The other practice is untouched, and a Therapist may not read the checklist.
    expect(await read(await sessionFor(t, memberOf(other, 'Admin')))).toEqual(none);
    const therapist = await sessionFor(t, memberOf(practice, 'Therapist'));
    const refused = await t.app.inject({ method: 'GET', url: '/api/practice/setup', headers: bearer(therapist) });
    expect(refused.statusCode).toBe(403);
  });
});
