import { ApiError } from '../../client/errors';
import {
  DEFAULT_CPD_TARGET_HOURS,
  LEARNING_MESSAGES,
  shiftDate,
  todayDate,
  yearOf,
  type ComplianceItem,
  type CpdActivity,
  type StoredFile,
  type SupervisionSession,
} from '../../contract';
import type { MockHandlers } from '../createMockClient';

const STAMP = '2026-01-02T09:00:00.000Z';
const stamps = { version: 1, createdAt: STAMP, updatedAt: STAMP };

/** The evidence of the first activity: a certificate uploaded earlier. */
export const CPD_CERTIFICATE: StoredFile = {
  id: '6f1f7a52-3c1e-4c63-9a55-1f0d2c7b9e01',
  name: 'trauma-course-certificate.pdf',
  size: 182_400,
  type: 'application/pdf',
};

/** Days before today, as `YYYY-MM-DD` (kept within this year's early days so "this year" always holds them). */
const daysAgo = (days: number) => {
  const today = todayDate();
  const day = shiftDate(today, { days: -days });
  return yearOf(day) === yearOf(today) ? day : `${yearOf(today)}-01-01`;
};

/** This year's CPD: 9.5 of the 30-hour default target; the first with its certificate. */
export function cpdFixtures(): CpdActivity[] {
  return [
    {
      id: 301,
      title: 'Working with trauma: stabilisation first',
      type: 'course',
      provider: 'Trauma Training Collective',
      date: daysAgo(3),
      hours: 6,
      reflection: 'I will slow the first sessions down and check in about safety before any trauma work.',
      evidence: CPD_CERTIFICATE,
      ...stamps,
    },
    {
      id: 302,
      title: 'Ethics in digital practice',
      type: 'webinar',
      provider: 'BACP',
      date: daysAgo(20),
      hours: 1.5,
      reflection: '',
      evidence: null,
      ...stamps,
    },
    {
      id: 303,
      title: 'Peer case discussion group',
      type: 'peer learning',
      provider: '',
      date: daysAgo(40),
      hours: 2,
      reflection: 'Took my own tiredness to the group.',
      evidence: null,
      ...stamps,
    },
  ];
}

export function supervisionFixtures(): SupervisionSession[] {
  return [
    {
      id: 401,
      date: daysAgo(7),
      supervisor: 'Dr Helen Marsh',
      hours: 1.5,
      format: 'individual',
      notes: 'Endings with a long-term client.',
      ...stamps,
    },
    {
      id: 402,
      date: daysAgo(35),
      supervisor: 'Peer supervision group',
      hours: 2,
      format: 'group',
      notes: '',
      ...stamps,
    },
  ];
}

/** A registration current for months, a membership expiring in 30 days, a DBS check without expiry. */
export function complianceFixtures(): ComplianceItem[] {
  const today = todayDate();
  return [
    {
      id: 501,
      kind: 'membership',
      body: 'BACP',
      number: 'M-40213',
      issueDate: shiftDate(today, { years: -1 }),
      expiryDate: shiftDate(today, { days: 30 }),
      document: null,
      remind: true,
      ...stamps,
    },
    {
      id: 502,
      kind: 'registration',
      body: 'HCPC',
      number: 'PYL-04521',
      issueDate: shiftDate(today, { years: -2 }),
      expiryDate: shiftDate(today, { days: 240 }),
      document: {
        id: '0b4f3a1e-7d7c-4d8a-8e6a-3a9d2f1c5b77',
        name: 'hcpc-registration.pdf',
        size: 90_112,
        type: 'application/pdf',
      },
      remind: true,
      ...stamps,
    },
    {
      id: 503,
      kind: 'DBS check',
      body: 'DBS',
      number: '001234567890',
      issueDate: shiftDate(today, { years: -3 }),
      expiryDate: null,
      document: null,
      remind: false,
      ...stamps,
    },
  ];
}

export interface LearningOptions {
  cpd?: CpdActivity[];
  supervision?: SupervisionSession[];
  compliance?: ComplianceItem[];
  targetHours?: number;
}

const byDateDesc = <T extends { date: string; id: number }>(a: T, b: T) => b.date.localeCompare(a.date) || b.id - a.id;

/**
 * Stateful mock answers for /Learning-development and the compliance records: activities, sessions and records are
 * added, changed with their version (a stale one answers 409) and deleted with SPEC.md's messages; lists answer a year's
 * records with their hours, as the server does.
 */
export function learningHandlers(options: LearningOptions = {}): MockHandlers {
  const cpd = (options.cpd ?? cpdFixtures()).map((r) => structuredClone(r));
  const supervision = (options.supervision ?? supervisionFixtures()).map((r) => structuredClone(r));
  const compliance = (options.compliance ?? complianceFixtures()).map((r) => structuredClone(r));
  let targetHours = options.targetHours ?? DEFAULT_CPD_TARGET_HOURS;
  let nextId = 900;
  const fail = (status: number, message: string): never => {
    throw new ApiError(status, message);
  };
  const find = <T extends { id: number }>(list: T[], id: unknown, missing: string) =>
    list.find((r) => r.id === Number(id)) ?? fail(404, missing);
  const remove = <T extends { id: number }>(list: T[], id: unknown, missing: string) => {
    const index = list.findIndex((r) => r.id === Number(id));
    if (index < 0) fail(404, missing);
    list.splice(index, 1);
  };
  const evidenceOf = (fileId: string | null | undefined): StoredFile | null =>
    fileId ? { id: fileId, name: 'evidence.pdf', size: 1024, type: 'application/pdf' } : null;
  const year = (query: { year?: unknown } | undefined) => Number(query?.year ?? yearOf(todayDate()));
  const hours = (items: readonly { hours: number }[]) => items.reduce((sum, i) => sum + i.hours, 0);

  return {
    listCpdActivities: ({ query }) => {
      const items = cpd.filter((a) => yearOf(a.date) === year(query)).sort(byDateDesc);
      return { year: year(query), items, hours: hours(items), targetHours };
    },
    getCpdActivity: ({ params }) => cpd.find((a) => a.id === Number(params.id)) ?? null,
    createCpdActivity: ({ body }) => {
      const created: CpdActivity = {
        id: (nextId += 1),
        title: body.title,
        type: body.type,
        provider: body.provider ?? '',
        date: body.date,
        hours: body.hours,
        reflection: body.reflection ?? '',
        evidence: evidenceOf(body.evidenceFileId),
        ...stamps,
      };
      cpd.push(created);
      return created;
    },
    updateCpdActivity: ({ params, body }) => {
      const found = find(cpd, params.id, LEARNING_MESSAGES.cpdNotFound);
      if (found.version !== body.version) fail(409, LEARNING_MESSAGES.cpdChanged);
      return Object.assign(found, {
        title: body.title,
        type: body.type,
        provider: body.provider ?? '',
        date: body.date,
        hours: body.hours,
        reflection: body.reflection ?? '',
        evidence: body.evidenceFileId === found.evidence?.id ? found.evidence : evidenceOf(body.evidenceFileId),
        version: found.version + 1,
      });
    },
    deleteCpdActivity: ({ params }) => {
      remove(cpd, params.id, LEARNING_MESSAGES.cpdNotFound);
      return { detail: LEARNING_MESSAGES.cpdDeleted };
    },
    getCpdTarget: () => ({ targetHours }),
    updateCpdTarget: ({ body }) => {
      targetHours = body.targetHours;
      return { targetHours };
    },
    exportCpdCsv: () => new Blob(['Record,Date\r\n'], { type: 'text/csv' }),
    exportCpdPdf: () => new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
    listSupervisionSessions: ({ query }) => {
      const items = supervision.filter((s) => yearOf(s.date) === year(query)).sort(byDateDesc);
      return { year: year(query), items, hours: hours(items) };
    },
    getSupervisionSession: ({ params }) => supervision.find((s) => s.id === Number(params.id)) ?? null,
    createSupervisionSession: ({ body }) => {
      const created: SupervisionSession = {
        id: (nextId += 1),
        date: body.date,
        supervisor: body.supervisor,
        hours: body.hours,
        format: body.format,
        notes: body.notes ?? '',
        ...stamps,
      };
      supervision.push(created);
      return created;
    },
    updateSupervisionSession: ({ params, body }) => {
      const found = find(supervision, params.id, LEARNING_MESSAGES.supervisionNotFound);
      if (found.version !== body.version) fail(409, LEARNING_MESSAGES.supervisionChanged);
      const { version: _version, ...fields } = body;
      return Object.assign(found, fields, { notes: body.notes ?? '', version: found.version + 1 });
    },
    deleteSupervisionSession: ({ params }) => {
      remove(supervision, params.id, LEARNING_MESSAGES.supervisionNotFound);
      return { detail: LEARNING_MESSAGES.supervisionDeleted };
    },
    listComplianceItems: () => ({
      items: [...compliance].sort(
        (a, b) => (a.expiryDate ?? '9999').localeCompare(b.expiryDate ?? '9999') || a.id - b.id,
      ),
    }),
    getComplianceItem: ({ params }) => compliance.find((c) => c.id === Number(params.id)) ?? null,
    createComplianceItem: ({ body }) => {
      const created: ComplianceItem = {
        id: (nextId += 1),
        kind: body.kind,
        body: body.body,
        number: body.number ?? '',
        issueDate: body.issueDate,
        expiryDate: body.expiryDate || null,
        document: evidenceOf(body.documentFileId),
        remind: body.remind ?? true,
        ...stamps,
      };
      compliance.push(created);
      return created;
    },
    updateComplianceItem: ({ params, body }) => {
      const found = find(compliance, params.id, LEARNING_MESSAGES.complianceNotFound);
      if (found.version !== body.version) fail(409, LEARNING_MESSAGES.complianceChanged);
      return Object.assign(found, {
        kind: body.kind,
        body: body.body,
        number: body.number ?? '',
        issueDate: body.issueDate,
        expiryDate: body.expiryDate || null,
        document: body.documentFileId === found.document?.id ? found.document : evidenceOf(body.documentFileId),
        remind: body.remind ?? true,
        version: found.version + 1,
      });
    },
    deleteComplianceItem: ({ params }) => {
      remove(compliance, params.id, LEARNING_MESSAGES.complianceNotFound);
      return { detail: LEARNING_MESSAGES.complianceDeleted };
    },
  };
}
