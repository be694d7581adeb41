import { formatMoney } from '../money';

/**
 * A client's activity log in plain words (issue 11 item 5): every write route of the clients vertical declares what it
 * does (`activity` on its contract route: an action and the kind of record), the server records one audit row with that
 * action, the record kind and id, the client and a few non-clinical facts, and `describeActivity` turns a row into the
 * sentence the therapist reads ("Maya Patel signed the session note for 3 Nov"). The wording lives here and nowhere else.
 */

export const ACTIVITY_ACTIONS = [
  'create',
  'schedule',
  'update',
  'reschedule',
  'status',
  'attendance',
  'cancel',
  'delete',
  'sign',
  'addendum',
  'current',
  'submit',
  'send',
  'share',
  'invite',
  'revoke',
  'accept',
  'upload',
  'download',
  'view',
  'charge',
  'issue',
  'void',
  'remind',
  'rename',
  'move',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** Each kind of record of a client, named as a sentence names it. */
export const ACTIVITY_RECORDS = {
  client: 'client',
  client_details: 'personal details',
  client_insurance: 'insurance details',
  client_billing: 'billing details',
  client_address: 'address',
  client_reminders: 'reminder preferences',
  portal: 'portal access',
  relationship: 'contact',
  activity_entry: 'activity log entry',
  session: 'session',
  appointment: 'appointment',
  session_note: 'session note',
  clinical_note: 'clinical note',
  private_note: 'private note',
  other_service: 'other service',
  treatment_plan: 'treatment plan',
  treatment_goal: 'treatment plan goal',
  plan_review: 'treatment plan review',
  risk_assessment: 'risk assessment',
  risk_item: 'risk log item',
  safety_plan: 'safety plan',
  initial_assessment: 'initial assessment',
  assessment: 'measure',
  assessment_schedule: 'scheduled measure',
  measure_link: 'measure link',
  clinical_profile: 'clinical profile section',
  diagnosis: 'diagnosis',
  document: 'document',
  signature_request: 'signature request',
  form: 'form',
  invoice: 'invoice',
  credit_note: 'credit note',
  payment: 'payment',
  chargeable_item: 'fee',
  task: 'task',
  insurance_claim: 'insurance claim',
  folder: 'folder',
  stored_file: 'file',
  message: 'message',
} as const satisfies Record<string, string>;
export type ActivityRecord = keyof typeof ACTIVITY_RECORDS;

/** What a contract write route records: its action, its record, and the record its path parameter names when another. */
export interface RouteActivity {
  readonly action: ActivityAction;
  readonly record: ActivityRecord;
  /** The kind of record the path's `:id` names, when it is not `record` (a private note is saved by its session's id). */
  readonly target?: ActivityRecord | 'file';
  /**
   * The record is about a client only sometimes (an appointment may name one, blocked time never): the write records its
   * row either way, in the client's activity log when there is a client.
   */
  readonly clientOptional?: true;
}

/** Small, non-clinical facts an audit row keeps so its sentence can say which one: a date, a new status, a version. */
export interface ActivityFacts {
  /** The record's day or start (a session's start, a risk item's date): `YYYY-MM-DD` or an ISO date-time. */
  readonly on?: string | null;
  /** The new status of a status or attendance change. */
  readonly status?: string | null;
  /** A plan's version number. */
  readonly version?: number | null;
  /** A measure's code (PHQ-9). */
  readonly measure?: string | null;
  /** A fee's amount in minor units of `currency`, and what it is for (a chargeable item: 'late cancellation'). */
  readonly amountMinor?: number | null;
  readonly currency?: string | null;
  readonly kind?: string | null;
  /** An invoice's or credit note's number ("INV-0042"), and who a document or reminder was sent to. */
  readonly number?: string | null;
  readonly to?: string | null;
  /** A form's name ("Consent to therapy"): the form a client completed from an e-mailed link. */
  readonly name?: string | null;
}

const STATUS_WORDS: Readonly<Record<string, string>> = {
  enquiry: 'Enquiry',
  waitlist: 'Waitlist',
  active: 'Active',
  'on hold': 'On hold',
  discharged: 'Discharged',
  archived: 'Archived',
  scheduled: 'not marked yet',
  attended: 'attended',
  late: 'attended, late',
  'did not attend': 'did not attend',
  'late cancellation': 'late cancellation',
  cancelled: 'cancelled',
  open: 'open',
  closed: 'closed',
  'to do': 'To do',
  'in progress': 'In progress',
  done: 'Done',
};

const VERBS: Readonly<Record<ActivityAction, string>> = {
  create: 'added',
  schedule: 'scheduled',
  update: 'changed',
  reschedule: 'rescheduled',
  status: 'changed the status of',
  attendance: 'marked attendance for',
  cancel: 'cancelled',
  delete: 'deleted',
  sign: 'signed',
  addendum: 'added an addendum to',
  current: 'made current',
  submit: 'submitted',
  send: 'sent',
  share: 'shared',
  invite: 'sent a portal invitation for',
  revoke: 'revoked',
  accept: 'accepted',
  upload: 'uploaded',
  download: 'downloaded',
  view: 'viewed',
  charge: 'recorded',
  issue: 'issued',
  void: 'voided',
  remind: 'sent a reminder for',
  rename: 'renamed',
  move: 'moved',
};

/** Records a sentence names with "the" whatever the action (there is one of them per client). */
const ONE_PER_CLIENT = new Set<ActivityRecord>([
  'client',
  'client_details',
  'client_insurance',
  'client_billing',
  'client_address',
  'client_reminders',
  'portal',
  'initial_assessment',
]);
/** Records whose date is the session's (or the appointment's) start: "for 3 Nov". */
const OF_A_SESSION = new Set<ActivityRecord>(['session', 'session_note', 'private_note', 'appointment']);

const isActivityRecord = (value: string): value is ActivityRecord => Object.hasOwn(ACTIVITY_RECORDS, value);
const isActivityAction = (value: string): value is ActivityAction =>
  (ACTIVITY_ACTIONS as readonly string[]).includes(value);

/** "3 Nov" this year, "3 Nov 2025" another year; instants in the practice's time zone. */
export function activityDate(value: string, timeZone = 'UTC', now: Date = new Date()): string {
  const dayOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(dayOnly ? `${value}T12:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  const zone = dayOnly ? 'UTC' : timeZone;
  const year = (d: Date) => new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone: zone }).format(d);
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(year(date) !== year(now) && { year: 'numeric' }),
    timeZone: zone,
  }).format(date);
}

/** An amount in minor units as a person reads it: 3000, 'GBP' -> "£30.00" (money's one formatter). */
export const formatAmount = formatMoney;

/** One audit row of a client's record as a sentence: "Maya Patel signed the session note for 3 Nov". */
export function describeActivity(
  entry: { actorName: string | null; action: string; record: string; facts?: ActivityFacts | null },
  timeZone = 'UTC',
  now: Date = new Date(),
): string {
  const who = entry.actorName ?? 'Someone';
  const facts = entry.facts ?? {};
  if (!isActivityRecord(entry.record) || !isActivityAction(entry.action)) return `${who} changed the client's record`;
  const record = entry.record;
  const action = entry.action;
  const noun = ACTIVITY_RECORDS[record];
  const indefinite =
    (action === 'create' || action === 'upload' || action === 'schedule') && !ONE_PER_CLIENT.has(record);
  const article = indefinite ? (/^[aeiou]/.test(noun) ? 'an' : 'a') : 'the';
  let object = record === 'client' ? 'the client' : `${article} ${noun}`;
  if (facts.measure) object += ` (${facts.measure})`;
  if (facts.version) object += ` (version ${facts.version})`;
  if (facts.on) object += `${OF_A_SESSION.has(record) ? ' for' : ' of'} ${activityDate(facts.on, timeZone, now)}`;
  const status = facts.status ? (STATUS_WORDS[facts.status] ?? facts.status) : null;

  if (action === 'status' && record === 'client') {
    return status ? `${who} changed the client's status to ${status}` : `${who} changed the client's status`;
  }
  if (action === 'status') return status ? `${who} marked ${object} as ${status}` : `${who} changed ${object}`;
  if (action === 'attendance') {
    return status ? `${who} marked ${object} as ${status}` : `${who} marked attendance for ${object}`;
  }
  // A fee a cancellation or a missed session cost: "Late cancellation fee of £30.00 recorded for the session on 3 Nov".
  if (action === 'charge' && typeof facts.amountMinor === 'number' && facts.currency) {
    const what = facts.kind ? `${facts.kind.charAt(0).toUpperCase()}${facts.kind.slice(1)} fee` : 'Fee';
    const day = facts.on ? ` for the session on ${activityDate(facts.on, timeZone, now)}` : '';
    return `${what} of ${formatAmount(facts.amountMinor, facts.currency)} recorded${day}`;
  }
  if (record === 'invoice' || record === 'credit_note' || record === 'payment') {
    return describeBilling(who, action, record, facts);
  }
  if (action === 'create' && record === 'client') return `${who} added the client`;
  if (action === 'update' && record === 'client') return `${who} changed the client's contact details`;
  if (action === 'update' && record !== 'client' && ONE_PER_CLIENT.has(record)) {
    return `${who} changed the client's ${noun}`;
  }
  if (action === 'invite') return `${who} invited the client to the portal`;
  if (action === 'revoke') return `${who} revoked the client's portal access`;
  // The client accepts from an e-mailed link, signed in as nobody on the team.
  if (action === 'accept' && record === 'portal') return 'The client accepted the portal invitation';
  // The client fills a form in from an e-mailed link, signed in as nobody on the team.
  if (action === 'submit' && record === 'form') {
    return `The client completed the form${facts.name ? ` “${facts.name}”` : ''}`;
  }
  if (action === 'share') return `${who} shared ${object} with the client`;
  if (action === 'send' && record !== 'signature_request') return `${who} sent the client ${object}`;
  if (action === 'send') return `${who} sent a document for signature`;
  return `${who} ${VERBS[action]} ${object}`;
}

/**
 * The billing ledger's sentences: "Maya Patel sent invoice INV-0042 to Sam Lee (sam@example.com)", "Maya Patel recorded
 * a payment of £60.00", "Maya Patel issued credit note CN-0003 for £60.00".
 */
function describeBilling(
  who: string,
  action: ActivityAction,
  record: 'invoice' | 'credit_note' | 'payment',
  facts: ActivityFacts,
): string {
  const amount =
    typeof facts.amountMinor === 'number' && facts.currency ? ` ${formatMoney(facts.amountMinor, facts.currency)}` : '';
  const to = facts.to ? ` to ${facts.to}` : '';
  if (record === 'payment') {
    const what = facts.kind === 'advance' ? 'an advance payment' : 'a payment';
    const verb = action === 'delete' ? 'deleted' : 'recorded';
    return `${who} ${verb} ${what}${amount ? ` of${amount}` : ''}`;
  }
  if (record === 'credit_note')
    return `${who} issued credit note ${facts.number ?? ''}${amount ? ` for${amount}` : ''}`.trim();
  const invoice = facts.number ? `invoice ${facts.number}` : 'a draft invoice';
  if (action === 'create') return `${who} created a draft invoice${amount ? ` for${amount}` : ''}`;
  if (action === 'update') return `${who} changed ${invoice}`;
  if (action === 'delete') return `${who} deleted a draft invoice`;
  if (action === 'issue') return `${who} issued ${invoice}${amount ? ` for${amount}` : ''}`;
  if (action === 'send') return `${who} sent ${invoice}${to}`;
  if (action === 'remind') return `${who} sent a payment reminder for ${invoice}${to}`;
  return `${who} ${VERBS[action]} ${invoice}`;
}
