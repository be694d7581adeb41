import { ApiError } from '../../client/errors';
import {
  APPOINTMENT_POLICY_MESSAGES,
  feeOf,
  hoursBefore,
  matchingRule,
  noticeHours,
  type AppointmentLocation,
  type CancellationFee,
  type CancellationRule,
} from '../../contract';
import { compareCancellationRules } from '../../swr/orderings';
import type { MockHandlers } from '../createMockClient';
import { accountFixtures } from './account';

const STAMP = '2026-01-02T09:00:00.000Z';

/** The practice's locations: a room in person, video sessions and phone calls. */
export const LOCATIONS: AppointmentLocation[] = [
  {
    id: 11,
    name: 'Practice rooms',
    kind: 'in person',
    address: '12 Quay Street, Bristol BS1 4DB',
    room: 'Room 2',
    videoLink: '',
    instructions: 'Ring the bell marked Halcyon; the waiting area is on the first floor.',
    version: 1,
    createdAt: STAMP,
    updatedAt: STAMP,
  },
  {
    id: 12,
    name: 'Video sessions',
    kind: 'video',
    address: '',
    room: '',
    videoLink: 'https://meet.example.com/quiet-harbour',
    instructions: 'Join from a quiet, private space.',
    version: 1,
    createdAt: STAMP,
    updatedAt: STAMP,
  },
];

/** Half the price inside 24 hours (and for a missed session), £20.00 inside 48 hours. */
export const CANCELLATION_RULES: CancellationRule[] = [
  {
    id: 21,
    triggerInHoursBeforeStart: 24,
    feeKind: 'percent',
    feePercent: 50,
    feeMinor: null,
    currency: null,
    message: 'Sessions cancelled with less than 24 hours’ notice, or missed, are charged at half the session fee.',
    version: 1,
    createdAt: STAMP,
    updatedAt: STAMP,
  },
  {
    id: 22,
    triggerInHoursBeforeStart: 48,
    feeKind: 'fixed',
    feePercent: null,
    feeMinor: 2_000,
    currency: 'GBP',
    message: 'Sessions cancelled with less than 48 hours’ notice are charged £20.00.',
    version: 1,
    createdAt: STAMP,
    updatedAt: STAMP,
  },
];

/** The price of every fixture session (minor units of GBP). */
export const FIXTURE_SESSION_PRICE_MINOR = 6_000;

/**
 * The fee preview as the server works it out, for sessions the mock knows (`sessionOf` answers one by id, or null: a
 * 404), with `rules` in SPEC.md §5 order.
 */
export function cancellationFeeHandler(
  sessionOf: (id: number) => { id: number; startsAt: string } | null,
  rules: () => readonly CancellationRule[] = () => CANCELLATION_RULES,
): MockHandlers['getCancellationFee'] {
  return ({ params, query }) => {
    const session = sessionOf(Number(params.sessionId));
    if (!session) return null;
    const kind = query?.kind ?? 'late cancellation';
    const at = query?.at ?? new Date().toISOString();
    const ordered = [...rules()].sort(compareCancellationRules);
    const rule = matchingRule(ordered, noticeHours(kind, session.startsAt, at));
    const fee = rule ? feeOf(rule, { minor: FIXTURE_SESSION_PRICE_MINOR, currency: 'GBP' }) : null;
    const answer: CancellationFee = {
      sessionId: session.id,
      kind,
      hoursBeforeStart: kind === 'did not attend' ? 0 : Math.round(hoursBefore(session.startsAt, at) * 10) / 10,
      rule,
      priceMinor: FIXTURE_SESSION_PRICE_MINOR,
      feeMinor: fee?.minor ?? null,
      currency: fee?.currency ?? 'GBP',
    };
    return answer;
  };
}

export interface AppointmentPolicyOptions {
  locations?: AppointmentLocation[];
  rules?: CancellationRule[];
}

/**
 * Stateful mock answers for Settings > Appointments: locations and cancellation rules are added, changed with their
 * version (a stale one answers 409) and deleted with SPEC.md's messages; rules list in SPEC.md §5 order and a second
 * rule for the same notice answers 409. The reminder times are the diary's preferences (`diaryHandlers`).
 */
export function appointmentPolicyHandlers(options: AppointmentPolicyOptions = {}): MockHandlers {
  const locations = (options.locations ?? LOCATIONS).map((l) => structuredClone(l));
  const rules = (options.rules ?? CANCELLATION_RULES).map((r) => structuredClone(r));
  let nextId = 100;
  const fail = (status: number, message: string): never => {
    throw new ApiError(status, message);
  };
  const location = (id: unknown) => locations.find((l) => l.id === Number(id)) ?? null;
  const rule = (id: unknown) => rules.find((r) => r.id === Number(id)) ?? null;
  const periodFree = (hours: number | null, except?: number) => {
    if (rules.some((r) => r.triggerInHoursBeforeStart === hours && r.id !== except)) {
      fail(409, APPOINTMENT_POLICY_MESSAGES.ruleExists(hours));
    }
  };
  const { practice } = accountFixtures();
  return {
    // A fixed fee is in the practice's currency.
    getPracticeSettings: () => practice,
    listAppointmentLocations: () => ({
      items: [...locations].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
    }),
    getAppointmentLocation: ({ params }) => location(params.id),
    createAppointmentLocation: ({ body }) => {
      const created: AppointmentLocation = {
        id: (nextId += 1),
        name: body.name,
        kind: body.kind,
        address: body.address ?? '',
        room: body.room ?? '',
        videoLink: body.videoLink ?? '',
        instructions: body.instructions ?? '',
        version: 1,
        createdAt: STAMP,
        updatedAt: STAMP,
      };
      locations.push(created);
      return created;
    },
    updateAppointmentLocation: ({ params, body }) => {
      const found = location(params.id) ?? fail(404, APPOINTMENT_POLICY_MESSAGES.locationNotFound);
      if (found.version !== body.version) fail(409, APPOINTMENT_POLICY_MESSAGES.locationChanged);
      const { version: _version, ...fields } = body;
      return Object.assign(found, fields, { version: found.version + 1 });
    },
    deleteAppointmentLocation: ({ params }) => {
      const index = locations.findIndex((l) => l.id === Number(params.id));
      if (index < 0) fail(404, APPOINTMENT_POLICY_MESSAGES.locationNotFound);
      locations.splice(index, 1);
      return { detail: APPOINTMENT_POLICY_MESSAGES.locationDeleted };
    },
    listCancellationRules: () => ({ items: [...rules].sort(compareCancellationRules) }),
    getCancellationRule: ({ params }) => rule(params.id),
    createCancellationRule: ({ body }) => {
      periodFree(body.triggerInHoursBeforeStart);
      const created: CancellationRule = {
        id: (nextId += 1),
        triggerInHoursBeforeStart: body.triggerInHoursBeforeStart,
        feeKind: body.feeKind,
        feePercent: body.feeKind === 'percent' ? (body.feePercent ?? null) : null,
        feeMinor: body.feeKind === 'fixed' ? (body.feeMinor ?? null) : null,
        currency: body.feeKind === 'fixed' ? (body.currency ?? null) : null,
        message: body.message ?? '',
        version: 1,
        createdAt: STAMP,
        updatedAt: STAMP,
      };
      rules.push(created);
      return created;
    },
    updateCancellationRule: ({ params, body }) => {
      const found = rule(params.id) ?? fail(404, APPOINTMENT_POLICY_MESSAGES.ruleNotFound);
      if (found.version !== body.version) fail(409, APPOINTMENT_POLICY_MESSAGES.ruleChanged);
      periodFree(body.triggerInHoursBeforeStart, found.id);
      return Object.assign(found, {
        triggerInHoursBeforeStart: body.triggerInHoursBeforeStart,
        feeKind: body.feeKind,
        feePercent: body.feeKind === 'percent' ? (body.feePercent ?? null) : null,
        feeMinor: body.feeKind === 'fixed' ? (body.feeMinor ?? null) : null,
        currency: body.feeKind === 'fixed' ? (body.currency ?? null) : null,
        message: body.message ?? '',
        version: found.version + 1,
      });
    },
    deleteCancellationRule: ({ params }) => {
      const index = rules.findIndex((r) => r.id === Number(params.id));
      if (index < 0) fail(404, APPOINTMENT_POLICY_MESSAGES.ruleNotFound);
      rules.splice(index, 1);
      return { detail: APPOINTMENT_POLICY_MESSAGES.ruleDeleted };
    },
  };
}
