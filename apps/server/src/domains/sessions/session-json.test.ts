import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  clientSessionSchema,
  type ClientSession,
  type ClientSessionPage,
  type ClientSessionSummary,
} from '@halcyon/api/contract';
import { createTestApp } from '../../test/app';
import { bearer, memberOf, seedPractice, sessionFor } from '../../test/auth';
import { clients } from '../clients/schema';
import { users } from '../users/schema';
import { clientSessions, privateSessionNotes, sessionCancellations, sessionNoteAddenda, sessionNotes } from './schema';

/**
 * A session as the server reads it (shared.ts: the raw columns of `sessionsSql` put in shape by `sessionOfRow`) must be
 * exactly what the contract answers: every optional field set and unset, names with a missing part, timestamps with
 * microseconds (cut to milliseconds as a Date cuts them) and a connection whose time zone is not UTC. The expected
 * values are written from the stored rows here, independently of the SQL.
 */

describe('a session as the server reads it (the contract shape)', () => {
  it('given sessions with every optional field set and unset, then the page, one session and the summary answer exactly the contract shape, whatever the connection time zone', async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t);
    const therapist = memberOf(practice, 'Therapist');
    const admin = memberOf(practice, 'Admin');
    const tokens = await sessionFor(t, admin);
    const db = t.database.db;
    // A signer known by first name only, a recorder by last name only.
    await db.update(users).set({ lastName: '' }).where(eq(users.id, admin.userId));
    await db.update(users).set({ firstName: '' }).where(eq(users.id, therapist.userId));
    const [client] = await db
      .insert(clients)
      .values({ practiceId: practice.practiceId, firstName: 'Rowan', lastName: 'Ellis' })
      .returning({ id: clients.id });
    const clientId = client!.id;
    const base = { practiceId: practice.practiceId, clientId };

    // Everything set: therapist, fee, video link, series, notes, fee flag, a cancellation, two notes, a private note.
    const [full] = await db
      .insert(clientSessions)
      .values({
        ...base,
        therapistId: therapist.userId,
        serviceName: 'Individual therapy',
        startsAt: new Date('2026-03-29T00:30:00.000Z'),
        endsAt: new Date('2026-03-29T01:19:31.000Z'),
        locationKind: 'video',
        location: '',
        videoLink: 'https://meet.example/abc',
        status: 'cancelled',
        seriesId: 'series-1',
        recurrence: 'weekly',
        notes: 'Bring the form',
        chargeFee: true,
        priceMinor: 6500,
        version: 3,
        createdAt: sql`'2026-03-01 09:15:42.123999+00'::timestamptz`,
        updatedAt: sql`'2026-03-02 23:59:59.999999+00'::timestamptz`,
      })
      .returning({ id: clientSessions.id });
    // Nothing optional: no therapist, fee, link, series, cancellation, note or private note.
    const [bare] = await db
      .insert(clientSessions)
      .values({
        ...base,
        serviceName: 'Assessment',
        startsAt: new Date('2026-01-05T10:00:00.000Z'),
        endsAt: new Date('2026-01-05T10:50:00.000Z'),
        createdAt: new Date('2026-01-01T00:00:00.000Z'),
        updatedAt: new Date('2026-01-01T00:00:00.000Z'),
      })
      .returning({ id: clientSessions.id });
    // A draft note (no signer, no addenda) on a session otherwise bare.
    const [drafted] = await db
      .insert(clientSessions)
      .values({
        ...base,
        serviceName: 'Assessment',
        startsAt: new Date('2026-02-02T10:00:00.000Z'),
        endsAt: new Date('2026-02-02T10:50:00.000Z'),
        createdAt: new Date('2026-01-01T00:00:00.000Z'),
        updatedAt: new Date('2026-01-01T00:00:00.000Z'),
      })
      .returning({ id: clientSessions.id });
    const [cancellation] = await db
      .insert(sessionCancellations)
      .values({
        ...base,
        sessionId: full!.id,
        cancelledBy: 'client',
        reason: 'Unwell',
        lateFee: true,
        notifyClient: true,
        notifiedAt: sql`'2026-03-28 18:00:00.000500+00'::timestamptz`,
        recordedBy: admin.userId,
        createdAt: new Date('2026-03-28T17:59:00.000Z'),
      })
      .returning({ id: sessionCancellations.id });
    const [signed] = await db
      .insert(sessionNotes)
      .values({
        ...base,
        sessionId: full!.id,
        template: 'SOAP',
        title: 'Session 4',
        status: 'signed',
        signedAt: new Date('2026-03-29T02:00:00.000Z'),
        signedBy: admin.userId,
        version: 2,
        createdAt: new Date('2026-03-29T01:30:00.000Z'),
        updatedAt: new Date('2026-03-29T02:00:00.000Z'),
      })
      .returning({ id: sessionNotes.id });
    const [draft] = await db
      .insert(sessionNotes)
      .values({
        ...base,
        sessionId: drafted!.id,
        createdAt: new Date('2026-03-30T08:00:00.000Z'),
        updatedAt: new Date('2026-03-30T08:00:00.000Z'),
      })
      .returning({ id: sessionNotes.id });
    await db.insert(sessionNoteAddenda).values([
      { ...base, noteId: signed!.id, contentHtml: '<p>One</p>' },
      { ...base, noteId: signed!.id, contentHtml: '<p>Two</p>' },
    ]);
    await db.insert(privateSessionNotes).values({ ...base, sessionId: full!.id, contentHtml: '<p>Private</p>' });

    const expectedFull: ClientSession = {
      id: full!.id,
      clientId,
      therapistId: therapist.userId,
      therapistName: therapist.lastName,
      serviceName: 'Individual therapy',
      startsAt: '2026-03-29T00:30:00.000Z',
      endsAt: '2026-03-29T01:19:31.000Z',
      durationMinutes: 50,
      priceMinor: 6500,
      locationKind: 'video',
      location: '',
      videoLink: 'https://meet.example/abc',
      status: 'cancelled',
      seriesId: 'series-1',
      recurrence: 'weekly',
      notes: 'Bring the form',
      chargeFee: true,
      cancellation: {
        id: cancellation!.id,
        sessionId: full!.id,
        clientId,
        cancelledBy: 'client',
        reason: 'Unwell',
        lateFee: true,
        notifyClient: true,
        notifiedAt: '2026-03-28T18:00:00.000Z',
        recordedByName: admin.firstName,
        createdAt: '2026-03-28T17:59:00.000Z',
      },
      sessionNotes: [
        {
          id: signed!.id,
          clientId,
          sessionId: full!.id,
          template: 'SOAP',
          title: 'Session 4',
          status: 'signed',
          signedAt: '2026-03-29T02:00:00.000Z',
          signedByName: admin.firstName,
          addendaCount: 2,
          version: 2,
          createdAt: '2026-03-29T01:30:00.000Z',
          updatedAt: '2026-03-29T02:00:00.000Z',
        },
      ],
      hasPrivateNote: true,
      invoice: null,
      version: 3,
      createdAt: '2026-03-01T09:15:42.123Z',
      updatedAt: '2026-03-02T23:59:59.999Z',
    };
    const expectedBare: ClientSession = {
      id: bare!.id,
      clientId,
      therapistId: null,
      therapistName: null,
      serviceName: 'Assessment',
      startsAt: '2026-01-05T10:00:00.000Z',
      endsAt: '2026-01-05T10:50:00.000Z',
      durationMinutes: 50,
      priceMinor: null,
      locationKind: 'in person',
      location: '',
      videoLink: null,
      status: 'scheduled',
      seriesId: null,
      recurrence: 'none',
      notes: '',
      chargeFee: false,
      cancellation: null,
      sessionNotes: [],
      hasPrivateNote: false,
      invoice: null,
      version: 1,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const expectedDrafted: ClientSession = {
      ...expectedBare,
      id: drafted!.id,
      startsAt: '2026-02-02T10:00:00.000Z',
      endsAt: '2026-02-02T10:50:00.000Z',
      sessionNotes: [
        {
          id: draft!.id,
          clientId,
          sessionId: drafted!.id,
          template: 'free',
          title: '',
          status: 'draft',
          signedAt: null,
          signedByName: null,
          addendaCount: 0,
          version: 1,
          createdAt: '2026-03-30T08:00:00.000Z',
          updatedAt: '2026-03-30T08:00:00.000Z',
        },
      ],
    };
    // The answers are the contract's shape, key for key (no key more, none less).
    for (const session of [expectedFull, expectedDrafted, expectedBare]) clientSessionSchema.strict().parse(session);

    const get = async <T>(url: string): Promise<T> => {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(tokens) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<T>();
    };
    // A connection in a zone far from UTC (+13:45 in March) changes nothing: every instant is written in UTC.
    // The test databases are reused: the zone goes back to the default whatever happens.
    try {
      for (const zone of ['UTC', 'Pacific/Chatham']) {
        await db.execute(sql.raw(`set time zone '${zone}'`));
        const page = await get<ClientSessionPage>(`/api/clients/sessions/retrieve/${clientId}`);
        expect(page).toStrictEqual({ items: [expectedFull, expectedDrafted, expectedBare], nextCursor: null });
        expect(await get<ClientSession>(`/api/clients/single-session/retrieve/${full!.id}`)).toStrictEqual(
          expectedFull,
        );
        const summary = await get<ClientSessionSummary>(`/api/clients/sessions/summary/${clientId}`);
        expect(summary.recent).toStrictEqual([expectedFull, expectedDrafted, expectedBare]);
      }
    } finally {
      await db.execute(sql`reset time zone`);
    }
  });
});
