import { ApiError } from '../../client/errors';
import {
  CLIENT_SESSIONS_PAGE_SIZE,
  SESSION_MESSAGES,
  type ClientSession,
  type PrivateSessionNote,
  type SessionNote,
  type SessionNoteSummary,
} from '../../contract';
import type { MockHandlers } from '../createMockClient';
import { diaryHandlers } from './diary';
import { cancellationFeeHandler } from './appointmentPolicies';
import { builtInForm } from './templates';

/** A client's sessions, notes and private notes for stories and tests (practice time zone Europe/London). */
export const SESSION_CLIENT_ID = 7;

const base = {
  clientId: SESSION_CLIENT_ID,
  therapistId: 2,
  therapistName: 'Tomas Lindqvist',
  serviceName: 'Individual therapy',
  durationMinutes: 50,
  priceMinor: 7_500 as number | null,
  locationKind: 'in person' as const,
  location: 'Room 2',
  videoLink: null,
  seriesId: null,
  recurrence: 'none' as const,
  notes: '',
  chargeFee: false,
  cancellation: null,
  sessionNotes: [] as SessionNoteSummary[],
  hasPrivateNote: false,
  invoice: null,
  version: 1,
  createdAt: '2026-01-01T09:00:00.000Z',
  updatedAt: '2026-01-01T09:00:00.000Z',
};

export const SIGNED_NOTE: SessionNote = {
  id: 301,
  clientId: SESSION_CLIENT_ID,
  sessionId: 101,
  template: 'SOAP',
  title: '',
  status: 'signed',
  signedAt: '2026-01-12T11:00:00.000Z',
  signedByName: 'Tomas Lindqvist',
  addendaCount: 1,
  version: 3,
  createdAt: '2026-01-12T10:55:00.000Z',
  updatedAt: '2026-01-12T11:00:00.000Z',
  contentHtml: '<h3>Subjective</h3><p>Sleeping better.</p><h3>Plan</h3><p>Continue weekly.</p>',
  createdByName: 'Tomas Lindqvist',
  addenda: [
    {
      id: 1,
      contentHtml: '<p>Correction: the session started 10 minutes late.</p>',
      createdByName: 'Tomas Lindqvist',
      createdAt: '2026-01-13T09:00:00.000Z',
    },
  ],
};

export const DRAFT_NOTE: SessionNote = {
  ...SIGNED_NOTE,
  id: 302,
  sessionId: 102,
  status: 'draft',
  signedAt: null,
  signedByName: null,
  addendaCount: 0,
  version: 2,
  contentHtml: '<h3>Subjective</h3><p>Worried about work.</p>',
  addenda: [],
};

const summary = (note: SessionNote): SessionNoteSummary => {
  const { contentHtml: _c, addenda: _a, createdByName: _n, ...rest } = note;
  return rest;
};

export const SESSIONS: ClientSession[] = [
  {
    ...base,
    id: 103,
    startsAt: '2026-01-26T10:00:00.000Z',
    endsAt: '2026-01-26T10:50:00.000Z',
    status: 'scheduled',
  },
  {
    ...base,
    id: 102,
    startsAt: '2026-01-19T10:00:00.000Z',
    endsAt: '2026-01-19T10:50:00.000Z',
    status: 'late',
    sessionNotes: [summary(DRAFT_NOTE)],
    hasPrivateNote: true,
    invoice: null,
  },
  {
    ...base,
    id: 101,
    startsAt: '2026-01-12T10:00:00.000Z',
    endsAt: '2026-01-12T10:50:00.000Z',
    status: 'attended',
    sessionNotes: [summary(SIGNED_NOTE)],
  },
];

/** A session the client cancelled (stories of the modals that refuse a cancelled session). */
export const CANCELLED_SESSION_ID = 104;

/** The session handlers with a cancelled session added to the client's sessions. */
export function withCancelledSession(): MockHandlers {
  return sessionHandlers({
    sessions: [
      ...SESSIONS,
      {
        ...base,
        id: CANCELLED_SESSION_ID,
        startsAt: '2026-01-05T10:00:00.000Z',
        endsAt: '2026-01-05T10:50:00.000Z',
        status: 'cancelled',
        cancellation: {
          id: 501,
          sessionId: CANCELLED_SESSION_ID,
          clientId: SESSION_CLIENT_ID,
          cancelledBy: 'client',
          reason: 'Unwell',
          lateFee: false,
          notifyClient: true,
          notifiedAt: '2026-01-04T18:00:00.000Z',
          recordedByName: 'Tomas Lindqvist',
          createdAt: '2026-01-04T18:00:00.000Z',
        },
      },
    ],
  });
}

/** The server's answer to a save on a session someone changed meanwhile (409). */
export const SESSION_CHANGED = SESSION_MESSAGES.sessionChanged;

export const PRIVATE_NOTE: PrivateSessionNote = {
  id: 401,
  clientId: SESSION_CLIENT_ID,
  sessionId: 102,
  contentHtml: '<p>Felt protective; notice in supervision.</p>',
  version: 1,
  createdByName: 'Tomas Lindqvist',
  createdAt: '2026-01-19T11:00:00.000Z',
  updatedAt: '2026-01-19T11:00:00.000Z',
};

const PRACTICE_SETTINGS = {
  id: 1,
  name: 'Calm Minds',
  addressLine1: null,
  addressLine2: null,
  city: null,
  region: null,
  postcode: null,
  country: null,
  contactEmail: null,
  contactPhone: null,
  website: null,
  timeZone: 'Europe/London',
  currency: 'GBP',
  taxNumber: null,
  idleTimeoutMinutes: 30,
  requireTwoFactor: false,
  logoUrl: null,
};

/**
 * Stateful mock answers for the session routes: scheduling appends, attendance and cancellation change the session,
 * notes save with versions (a stale version answers 409), signing locks, addenda append.
 */
export function sessionHandlers(
  options: { sessions?: ClientSession[]; notes?: SessionNote[]; privateNotes?: PrivateSessionNote[] } = {},
): MockHandlers {
  const sessions = (options.sessions ?? SESSIONS).map((s) => structuredClone(s));
  const notes = (options.notes ?? [SIGNED_NOTE, DRAFT_NOTE]).map((n) => structuredClone(n));
  const privates = (options.privateNotes ?? [PRIVATE_NOTE]).map((n) => structuredClone(n));
  let nextId = 900;
  const now = () => new Date('2026-01-20T09:00:00.000Z').toISOString();
  const stale = { status: 409, message: 'This note was changed elsewhere since you opened it.' };
  const fail = (status: number, message: string) => {
    throw new ApiError(status, message);
  };
  const session = (id: unknown) => sessions.find((s) => s.id === Number(id)) ?? null;
  const note = (id: unknown) => notes.find((n) => n.id === Number(id)) ?? null;
  const sync = (n: SessionNote) => {
    const s = n.sessionId ? session(n.sessionId) : null;
    if (s) s.sessionNotes = [summary(n)];
    return n;
  };
  return {
    // session-note offers the practice's form templates as note layouts (here the built-in one after a session).
    listFormTemplates: () => ({ items: [builtInForm('after-session')] }),
    // The schedule-appointment modal books appointments and blocked time in the diary too.
    ...diaryHandlers(),
    getPracticeSettings: () => PRACTICE_SETTINGS,
    // The cancellation policy's fee for these sessions (the cancel and attendance modals show it before saving).
    getCancellationFee: cancellationFeeHandler(session),
    // As the server: newest first, a page of `limit` after the cursor's session, and the counts over them all.
    listClientSessions: ({ query }) => {
      const all = [...sessions].sort((x, y) => y.startsAt.localeCompare(x.startsAt) || y.id - x.id);
      const from = query?.cursor === undefined ? 0 : all.findIndex((s) => s.id === Number(query.cursor)) + 1;
      const limit = Number(query?.limit ?? CLIENT_SESSIONS_PAGE_SIZE);
      const items = all.slice(from, from + limit);
      return { items, nextCursor: from + limit < all.length ? (items.at(-1)?.id ?? null) : null };
    },
    getClientSessionSummary: () => ({
      total: sessions.length,
      scheduled: sessions.filter((s) => s.status === 'scheduled').length,
      needingSignedNote: sessions.filter(
        (s) => (s.status === 'attended' || s.status === 'late') && s.sessionNotes[0]?.status !== 'signed',
      ).length,
      upcoming: [],
      recent: [],
    }),
    getClientSession: ({ params }) => session(params.id),
    scheduleSession: ({ params, body }) => {
      const start = new Date(body.startsAt);
      const created: ClientSession = {
        ...base,
        id: (nextId += 1),
        clientId: Number(params.clientId),
        serviceName: body.serviceName,
        startsAt: start.toISOString(),
        endsAt: new Date(start.getTime() + body.durationMinutes * 60_000).toISOString(),
        durationMinutes: body.durationMinutes,
        priceMinor: body.priceMinor ?? null,
        status: 'scheduled',
      };
      sessions.unshift(created);
      return { items: [created] };
    },
    updateSession: ({ params, body }) => {
      const s = session(params.id)!;
      const start = new Date(body.startsAt);
      Object.assign(s, {
        serviceName: body.serviceName,
        startsAt: start.toISOString(),
        endsAt: new Date(start.getTime() + body.durationMinutes * 60_000).toISOString(),
        durationMinutes: body.durationMinutes,
        ...(body.priceMinor === undefined || body.priceMinor === null ? {} : { priceMinor: body.priceMinor }),
        version: s.version + 1,
      });
      return s;
    },
    markSessionAttendance: ({ params, body }) => {
      const s = session(params.id)!;
      Object.assign(s, { status: body.status, chargeFee: body.chargeFee ?? false, version: s.version + 1 });
      return s;
    },
    cancelSession: ({ params, body }) => {
      const s = session(params.id)!;
      s.status = 'cancelled';
      s.version += 1;
      s.cancellation = {
        id: (nextId += 1),
        sessionId: s.id,
        clientId: s.clientId,
        cancelledBy: body.cancelledBy,
        reason: body.reason ?? '',
        lateFee: body.lateFee ?? false,
        notifyClient: body.notifyClient ?? false,
        notifiedAt: body.notifyClient ? now() : null,
        recordedByName: 'Tomas Lindqvist',
        createdAt: now(),
      };
      return s;
    },
    getSessionCancellation: ({ params }) => session(params.id)?.cancellation ?? null,
    deleteClientSession: ({ params }) => {
      sessions.splice(
        sessions.findIndex((s) => s.id === Number(params.id)),
        1,
      );
      return { detail: SESSION_MESSAGES.sessionDeleted };
    },
    getSessionNote: ({ params }) => {
      const n = note(params.id);
      return n && n.sessionId !== null ? n : null;
    },
    getGenericNote: ({ params }) => {
      const n = note(params.id);
      return n && n.sessionId === null ? n : null;
    },
    listGenericNotes: () => ({ items: notes.filter((n) => n.sessionId === null).map(summary) }),
    createSessionNote: ({ params, body }) => {
      const created: SessionNote = {
        ...DRAFT_NOTE,
        id: (nextId += 1),
        sessionId: Number(params.sessionId),
        template: body?.template ?? 'free',
        contentHtml: body?.contentHtml ?? '',
        version: 1,
        createdAt: now(),
        updatedAt: now(),
      };
      notes.push(created);
      return sync(created);
    },
    createGenericNote: ({ params, body }) => {
      const created: SessionNote = {
        ...DRAFT_NOTE,
        id: (nextId += 1),
        clientId: Number(params.clientId),
        sessionId: null,
        title: body.title,
        template: body.template ?? 'free',
        contentHtml: body.contentHtml ?? '',
        version: 1,
      };
      notes.push(created);
      return created;
    },
    updateSessionNote: ({ params, body }) => {
      const n = note(params.id)!;
      if (n.status === 'signed') fail(409, SESSION_MESSAGES.noteSigned);
      if (n.version !== body.version) fail(stale.status, stale.message);
      Object.assign(n, {
        contentHtml: body.contentHtml,
        ...(body.template ? { template: body.template } : {}),
        version: n.version + 1,
        updatedAt: now(),
      });
      return sync(n);
    },
    signSessionNote: ({ params, body }) => {
      const n = note(params.id)!;
      if (n.version !== body.version) fail(stale.status, stale.message);
      Object.assign(n, {
        status: 'signed',
        signedAt: now(),
        signedByName: 'Tomas Lindqvist',
        version: n.version + 1,
      });
      return sync(n);
    },
    addSessionNoteAddendum: ({ params, body }) => {
      const n = note(params.id)!;
      n.addenda.push({
        id: (nextId += 1),
        contentHtml: body.contentHtml,
        createdByName: 'Tomas Lindqvist',
        createdAt: now(),
      });
      n.addendaCount = n.addenda.length;
      return sync(n);
    },
    deleteSessionNote: () => ({ detail: SESSION_MESSAGES.noteDeleted }),
    getPrivateSessionNote: ({ params }) => privates.find((p) => p.sessionId === Number(params.sessionId)) ?? null,
    savePrivateSessionNote: ({ params, body }) => {
      const found = privates.find((p) => p.sessionId === Number(params.sessionId));
      if ((found?.version ?? 0) !== body.version) {
        fail(409, 'This private note was changed elsewhere since you opened it.');
      }
      if (found) {
        Object.assign(found, { contentHtml: body.contentHtml, version: found.version + 1 });
        return found;
      }
      const created: PrivateSessionNote = {
        ...PRIVATE_NOTE,
        id: (nextId += 1),
        sessionId: Number(params.sessionId),
        contentHtml: body.contentHtml,
        version: 1,
      };
      privates.push(created);
      const s = session(params.sessionId);
      if (s) s.hasPrivateNote = true;
      return created;
    },
    deletePrivateSessionNote: () => ({ detail: SESSION_MESSAGES.privateNoteDeleted }),
  };
}
