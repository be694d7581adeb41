import type { ClientKind, ClientRiskLevel, ClientStatus, Role } from '@halcyon/api/contract';
import type { Db } from '../../platform/db';
import {
  DAY,
  GENERATED_BASE_DAY,
  WEEK,
  dayOf,
  insertRows,
  insertRowsReturningIds,
  weighted,
  type Rng,
} from '../../platform/db/generate-helpers';
import {
  clientActivityEntries,
  clientAddresses,
  clientDetails,
  clientInsurance,
  clientMembers,
  clientRelationships,
  clientReminderPreferences,
  clients,
} from './schema';

const FIRST = [
  'Abigail',
  'Ahmed',
  'Alice',
  'Amara',
  'Arjun',
  'Beatrice',
  'Ben',
  'Callum',
  'Charlotte',
  'Ciara',
  'Dylan',
  'Eleanor',
  'Elif',
  'Emeka',
  'Erin',
  'Fatima',
  'Finn',
  'Georgia',
  'Harvey',
  'Imogen',
  'Jack',
  'Jasmine',
  'Joseph',
  'Kai',
  'Layla',
  'Liam',
  'Lucy',
  'Mohammed',
  'Niamh',
  'Olivia',
  'Oscar',
  'Phoebe',
  'Rhys',
  'Rosa',
  'Ruby',
  'Sam',
  'Sienna',
  'Theo',
  'Yusuf',
  'Zara',
] as const;
const LAST = [
  'Adams',
  'Ali',
  'Bailey',
  'Brown',
  'Campbell',
  'Clarke',
  'Davies',
  'Edwards',
  'Ellis',
  'Foster',
  'Green',
  'Hall',
  'Harris',
  'Jones',
  'Kaur',
  'Kelly',
  'Lewis',
  'Martin',
  'Mensah',
  'Murphy',
  'Nguyen',
  "O'Brien",
  'Owen',
  'Parker',
  'Price',
  'Roberts',
  'Robinson',
  'Shah',
  'Singh',
  'Smith',
  'Taylor',
  'Thomas',
  'Turner',
  'Walker',
  'Ward',
  'Watson',
  'White',
  'Williams',
  'Wilson',
  'Wright',
] as const;
/** Contacts come from their own names, so a contact never reads like a client or a team member. */
const CONTACT_FIRST = ['Dr Ruth', 'Dr Anil', 'Margaret', 'Desmond', 'Philippa', 'Gareth', 'Nadia', 'Winston'] as const;
const CONTACT_LAST = ['Adeyemi', 'Barraclough', 'Castellano', 'Delacroix', 'Fairweather', 'Montgomery'] as const;
const PRONOUNS = ['she/her', 'he/him', 'they/them', null, null] as const;
const TAGS = ['anxiety', 'depression', 'trauma', 'grief', 'EAP', 'insurance', 'sliding scale', 'online', 'evening'];
const GENDERS = ['Woman', 'Man', 'Non-binary', 'Prefer not to say'];
const OCCUPATIONS = ['Teacher', 'Nurse', 'Student', 'Engineer', 'Retired', 'Carer', 'Accountant', 'Chef', 'Designer'];
const REFERRALS = [
  'GP referral',
  'Self-referral',
  'Employee assistance programme',
  'Insurer',
  'Word of mouth',
  'Website',
];
const INSURERS = ['Bupa', 'AXA Health', 'Vitality', 'Aviva', 'WPA', 'Cigna'];
const CITIES = ['London', 'Manchester', 'Bristol', 'Leeds', 'Edinburgh', 'Cardiff', 'Brighton', 'Norwich'];
const STREETS = ['High Street', 'Station Road', 'Church Lane', 'Victoria Road', 'Park Avenue', 'Mill Lane'];
const RELATIONSHIPS = [
  ['emergency_contact', 'Partner'],
  ['next_of_kin', 'Sister'],
  ['gp', null],
  ['parent_guardian', 'Mother'],
  ['referrer', null],
  ['solicitor', null],
  ['emergency_contact', 'Friend'],
] as const;
const ACTIVITIES = [
  ['call', 'outgoing', 'Phoned to arrange the first session'],
  ['email', 'incoming', 'Asked to move next week’s session'],
  ['letter', 'outgoing', 'Sent the assessment summary to the GP'],
  ['meeting', null, 'Review meeting with the referrer'],
  ['note', null, 'Left a voicemail about the invoice'],
  ['call', 'incoming', 'Called to say they are running late'],
] as const;

const pickStatus = weighted<ClientStatus>([
  ['active', 60],
  ['waitlist', 8],
  ['enquiry', 6],
  ['on hold', 7],
  ['discharged', 14],
  ['archived', 5],
]);
const pickRisk = weighted<ClientRiskLevel>([
  ['none', 55],
  ['low', 25],
  ['medium', 14],
  ['high', 6],
]);
const pickGroupKind = weighted<ClientKind>([
  ['couple', 6],
  ['family', 3],
  ['group', 1],
]);

/** What a client's clinical records are mostly about, so a client's plan, measures and diagnosis tell one story. */
export const CARE_CONCERNS = ['depression', 'anxiety', 'trauma', 'grief', 'relationships', 'stress'] as const;
export type CareConcern = (typeof CARE_CONCERNS)[number];

/**
 * A client's episode of care, as the other domains' generators read it: the planned session days (UTC midnights, oldest
 * first), weekly or fortnightly at first, then fortnightly, then every three or four weeks for as long as care goes on.
 * `start` and `end` are the first and last of them; `end` is after the base day while care goes on.
 */
export interface CareEpisode {
  days: readonly number[];
  start: number;
  end: number;
  /** How often sessions were at first. */
  cadenceDays: 7 | 14;
  ongoing: boolean;
  concern: CareConcern;
}

/** A generated client, with what the other domains' generators need to make records that fit it. */
export interface GeneratedClient {
  id: number;
  kind: ClientKind;
  status: ClientStatus;
  therapistId: number | null;
  /** Mirrors the latest risk assessment the risk generator makes. */
  riskLevel: ClientRiskLevel;
  createdAt: number;
  /** Null for a client never seen (an enquiry or on the waiting list). */
  care: CareEpisode | null;
}

/** What each domain's generator is given: the practice's clients and clinicians, and the day the records lead up to. */
export interface ClinicalGeneration {
  db: Db;
  rng: Rng;
  practiceId: number;
  /** UTC midnight of the day the records lead up to: before it is the past, after it the schedule. */
  base: number;
  clients: readonly GeneratedClient[];
  /** The members who see clients (every role but Assistant). */
  clinicians: readonly number[];
}

export interface GeneratedClientsOptions {
  practiceId: number;
  count: number;
  members: readonly { userId: number; role: Role }[];
  /** The practice's unique e-mail domain; client addresses live under it so two practices never share one. */
  emailDomain: string;
  /** UTC midnight of the day the clients' dates lead up to (default GENERATED_BASE_DAY). */
  base?: number;
}

const pickCadence = weighted<CareEpisode['cadenceDays']>([
  [7, 75],
  [14, 25],
]);
const pickConcern = weighted<CareConcern>([
  ['depression', 30],
  ['anxiety', 32],
  ['trauma', 10],
  ['grief', 10],
  ['relationships', 8],
  ['stress', 10],
]);

/** A working day (getUTCDay numbering): Monday to Friday, Saturday now and then. */
const pickWorkingDay = weighted<number>([
  [1, 10],
  [2, 10],
  [3, 10],
  [4, 10],
  [5, 10],
  [6, 3],
]);
/** The first day on or after `day` that falls on a working day of the week drawn for the client. */
function workingDayFrom(rng: Rng, day: number): number {
  return day + ((pickWorkingDay(rng.random) - new Date(day).getUTCDay() + 7) % 7) * DAY;
}

/** Session days from `start` to `until`, at most `limit`: the first cadence for a while, then tapering off. */
function sessionDays(rng: Rng, start: number, until: number, limit: number, cadenceDays: 7 | 14): number[] {
  const intensive = rng.int(12, 24);
  const tapering = rng.int(4, 12);
  const tail = rng.pick([21, 21, 28]);
  const out: number[] = [];
  for (let day = start, k = 0; day <= until && k < limit; k += 1) {
    out.push(day);
    day += (k < intensive ? cadenceDays : k < intensive + tapering ? 14 : tail) * DAY;
  }
  return out;
}

/**
 * The episode of care that fits a client's status: none for an enquiry or the waiting list; from referral to a few weeks
 * after the base day when active; ended some weeks before the base day when on hold, discharged or archived.
 */
function careEpisode(rng: Rng, client: Omit<GeneratedClient, 'care'>, base: number): CareEpisode | null {
  if (client.status === 'enquiry' || client.status === 'waitlist') return null;
  const cadenceDays = pickCadence(rng.random);
  const concern: CareConcern =
    client.kind === 'couple' || client.kind === 'family' ? 'relationships' : pickConcern(rng.random);
  const start = workingDayFrom(rng, dayOf(client.createdAt) + rng.int(7, 35) * DAY);
  const ongoing = client.status === 'active';
  let days: number[];
  if (ongoing) {
    days = sessionDays(rng, start, Math.max(start, base + rng.int(2, 8) * WEEK), Infinity, cadenceDays);
  } else {
    // Care that has stopped began before the base day (a client referred only days ago was never seen).
    if (start >= base) return null;
    const limit = client.status === 'on hold' ? rng.int(8, 44) : rng.int(16, 80);
    const stopped = Math.max(start, base - rng.int(client.status === 'on hold' ? 2 : 3, 30) * WEEK);
    days = sessionDays(rng, start, stopped, limit, cadenceDays);
  }
  return { days, start: days[0]!, end: days[days.length - 1]!, cadenceDays, ongoing, concern };
}

/**
 * Clients with their details, insurance (about a third), address, reminder preferences, contacts and manual activity
 * entries; about one in twenty is a couple, family or group made of individual clients. Bulk inserts; repeatable.
 * Answers the clients in creation order, each with the episode of care the other domains' records follow.
 */
export async function generateClients(db: Db, rng: Rng, options: GeneratedClientsOptions): Promise<GeneratedClient[]> {
  const { practiceId, count } = options;
  if (count <= 0) return [];
  const { random, pick, int } = rng;
  const base = options.base ?? GENERATED_BASE_DAY;
  const therapists = options.members.filter((m) => m.role !== 'Assistant').map((m) => m.userId);
  const groupCount = count >= 20 ? Math.floor(count / 20) : 0;
  const individualCount = count - groupCount;

  const clientRows: (typeof clients.$inferInsert)[] = [];
  for (let i = 0; i < count; i += 1) {
    const isGroup = i >= individualCount;
    const kind: ClientKind = isGroup ? pickGroupKind(random) : 'individual';
    const first = pick(FIRST);
    const last = pick(LAST);
    const createdAt = new Date(base - int(1, 3 * 365) * DAY - int(0, 86_399) * 1000);
    const tags = TAGS.filter(() => random() < 0.12).slice(0, 3);
    clientRows.push({
      practiceId,
      kind,
      status: pickStatus(random),
      firstName: isGroup
        ? kind === 'group'
          ? `${pick(['Tuesday', 'Thursday'])} ${pick(['anxiety', 'grief'])} group (${i})`
          : `The ${last} ${kind}`
        : first,
      lastName: isGroup ? '' : last,
      preferredName: !isGroup && random() < 0.1 ? first.slice(0, 3) : null,
      pronouns: isGroup ? null : pick(PRONOUNS),
      dateOfBirth: isGroup ? null : new Date(base - int(18 * 365, 80 * 365) * DAY).toISOString().slice(0, 10),
      email: isGroup ? null : `${first}.${last}.${i}@client.${options.emailDomain}`.toLowerCase().replace(/'/g, ''),
      phone: isGroup ? null : `+44 7${String(int(100_000_000, 999_999_999))}`,
      therapistId: therapists.length > 0 ? pick(therapists) : null,
      tags,
      riskLevel: isGroup ? 'none' : pickRisk(random),
      createdAt,
      updatedAt: createdAt,
    });
  }
  const ids = await insertRowsReturningIds(db, clients, clientRows);

  const individuals = ids.slice(0, individualCount);
  const memberRows: (typeof clientMembers.$inferInsert)[] = [];
  for (let g = individualCount; g < count; g += 1) {
    const size = clientRows[g]!.kind === 'couple' ? 2 : int(3, 5);
    const chosen = new Set<number>();
    while (chosen.size < Math.min(size, individuals.length)) chosen.add(pick(individuals));
    for (const memberClientId of chosen) memberRows.push({ practiceId, groupClientId: ids[g]!, memberClientId });
  }
  await insertRows(db, clientMembers, memberRows);

  const details: (typeof clientDetails.$inferInsert)[] = [];
  const insurance: (typeof clientInsurance.$inferInsert)[] = [];
  const addresses: (typeof clientAddresses.$inferInsert)[] = [];
  const reminders: (typeof clientReminderPreferences.$inferInsert)[] = [];
  const contacts: (typeof clientRelationships.$inferInsert)[] = [];
  const activity: (typeof clientActivityEntries.$inferInsert)[] = [];
  individuals.forEach((clientId, i) => {
    const row = clientRows[i]!;
    const since = row.createdAt!.getTime();
    details.push({
      practiceId,
      clientId,
      gender: pick(GENDERS),
      occupation: pick(OCCUPATIONS),
      language: random() < 0.9 ? 'English' : pick(['Polish', 'Urdu', 'Portuguese', 'Turkish']),
      interpreterNeeded: random() < 0.03,
      referralSource: pick(REFERRALS),
      referralDate: new Date(since - int(0, 30) * DAY).toISOString().slice(0, 10),
      gpName: `Dr ${pick(CONTACT_LAST)}`,
      gpPractice: `${pick(CITIES)} ${pick(['Health Centre', 'Medical Practice', 'Surgery'])}`,
      gpPhone: `+44 20 7${String(int(1_000_000, 9_999_999))}`,
    });
    if (random() < 0.33) {
      insurance.push({
        practiceId,
        clientId,
        providerName: pick(INSURERS),
        policyNumber: `POL-${int(10_000_000, 99_999_999)}`,
        membershipNumber: `M${int(1_000_000, 9_999_999)}`,
        authorisationCode: random() < 0.7 ? `AUTH-${int(100_000, 999_999)}` : null,
        policyHolderRelationship: 'self',
        sessionsAuthorised: pick([6, 8, 10, 12]),
        excessMinor: pick([0, 0, 1000, 2500]),
        validFrom: new Date(since).toISOString().slice(0, 10),
        validUntil: new Date(since + 365 * DAY).toISOString().slice(0, 10),
      });
    }
    addresses.push({
      practiceId,
      clientId,
      line1: `${int(10, 99)} ${pick(STREETS)}`,
      city: pick(CITIES),
      postcode: `${pick(['N', 'SW', 'M', 'BS', 'LS', 'EH', 'CF', 'BN'])}${int(1, 20)} ${int(1, 9)}${pick(['AB', 'QT', 'XR', 'HW'])}`,
      country: 'United Kingdom',
    });
    const consent = random() < 0.8;
    reminders.push({
      practiceId,
      clientId,
      emailReminders: consent,
      smsReminders: consent && random() < 0.5,
      leadTimeHours: pick([24, 24, 48, 2]),
      consentGiven: consent,
      consentMethod: consent ? pick(['written', 'verbal', 'portal']) : null,
      consentRecordedAt: consent ? new Date(since) : null,
      consentRecordedBy: consent ? row.therapistId : null,
    });
    const contactCount = int(1, 2);
    for (let c = 0; c < contactCount; c += 1) {
      const [relationshipType, detail] = pick(RELATIONSHIPS);
      contacts.push({
        practiceId,
        clientId,
        name: `${pick(CONTACT_FIRST)} ${pick(CONTACT_LAST)}`,
        relationshipType,
        relationshipDetail: detail,
        organisation: relationshipType === 'solicitor' ? `${pick(CONTACT_LAST)} & Co Solicitors` : null,
        phone: `+44 7${String(int(100_000_000, 999_999_999))}`,
        consentToContact: random() < 0.85,
        createdAt: new Date(since),
        updatedAt: new Date(since),
      });
    }
    const entries = int(1, 3);
    for (let e = 0; e < entries; e += 1) {
      const [kind, direction, summary] = pick(ACTIVITIES);
      const occurredAt = new Date(Math.min(base - DAY, since + int(0, 365) * DAY));
      activity.push({
        practiceId,
        clientId,
        kind,
        direction,
        summary,
        durationMinutes: kind === 'call' ? int(3, 20) : kind === 'meeting' ? 50 : null,
        occurredAt,
        authorId: row.therapistId,
        createdAt: occurredAt,
        updatedAt: occurredAt,
      });
    }
  });
  await insertRows(db, clientDetails, details);
  await insertRows(db, clientInsurance, insurance);
  await insertRows(db, clientAddresses, addresses);
  await insertRows(db, clientReminderPreferences, reminders);
  await insertRows(db, clientRelationships, contacts);
  await insertRows(db, clientActivityEntries, activity);

  // Drawn after every row above, from a sequence of its own, so the clients' own rows stay as they were for a seed.
  const careRng = rng.fork();
  return clientRows.map((row, i) => {
    const client = {
      id: ids[i]!,
      kind: row.kind!,
      status: row.status!,
      therapistId: row.therapistId ?? null,
      riskLevel: row.riskLevel!,
      createdAt: row.createdAt!.getTime(),
    };
    return { ...client, care: careEpisode(careRng, client, base) };
  });
}
