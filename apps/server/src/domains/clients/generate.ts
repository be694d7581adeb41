import type { ClientKind, ClientRiskLevel, ClientStatus, Role } from '@halcyon/api/contract';
import type { Db } from '../../platform/db';
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

/** Rows per INSERT: big enough to be quick, small enough for the parameter limit (65,535 / columns). */
const CHUNK = 500;

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

/** [value, weight] pairs; `weighted(random)` picks one by weight. */
function weighted<T>(pairs: readonly (readonly [T, number])[]): (random: () => number) => T {
  const total = pairs.reduce((sum, [, w]) => sum + w, 0);
  return (random) => {
    let roll = random() * total;
    for (const [value, w] of pairs) {
      roll -= w;
      if (roll < 0) return value;
    }
    return pairs[pairs.length - 1]![0];
  };
}
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

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** Every generated date is relative to this fixed day, so the same seed makes the same rows whenever it runs. */
const BASE = Date.UTC(2026, 0, 1);
const DAY = 86_400_000;

export interface GeneratedClientsOptions {
  practiceId: number;
  count: number;
  members: readonly { userId: number; role: Role }[];
  /** The practice's unique e-mail domain; client addresses live under it so two practices never share one. */
  emailDomain: string;
}

/**
 * Clients with their details, insurance (about a third), address, reminder preferences, contacts and manual activity
 * entries; about one in twenty is a couple, family or group made of individual clients. Bulk inserts; repeatable.
 * Answers the clients' ids in creation order.
 */
export async function generateClients(
  db: Db,
  random: () => number,
  options: GeneratedClientsOptions,
): Promise<number[]> {
  const { practiceId, count } = options;
  if (count <= 0) return [];
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const therapists = options.members.filter((m) => m.role !== 'Assistant').map((m) => m.userId);
  const groupCount = count >= 20 ? Math.floor(count / 20) : 0;
  const individualCount = count - groupCount;

  const clientRows: (typeof clients.$inferInsert)[] = [];
  for (let i = 0; i < count; i += 1) {
    const isGroup = i >= individualCount;
    const kind: ClientKind = isGroup ? pickGroupKind(random) : 'individual';
    const first = pick(FIRST);
    const last = pick(LAST);
    const createdAt = new Date(BASE - int(1, 3 * 365) * DAY - int(0, 86_399) * 1000);
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
      dateOfBirth: isGroup ? null : new Date(BASE - int(18 * 365, 80 * 365) * DAY).toISOString().slice(0, 10),
      email: isGroup ? null : `${first}.${last}.${i}@client.${options.emailDomain}`.toLowerCase().replace(/'/g, ''),
      phone: isGroup ? null : `+44 7${String(int(100_000_000, 999_999_999))}`,
      therapistId: therapists.length > 0 ? pick(therapists) : null,
      tags,
      riskLevel: isGroup ? 'none' : pickRisk(random),
      createdAt,
      updatedAt: createdAt,
    });
  }
  const ids: number[] = [];
  await insertChunked(clientRows, async (chunk) => {
    const rows = await db.insert(clients).values(chunk).returning({ id: clients.id });
    ids.push(...rows.map((r) => r.id));
  });

  const individuals = ids.slice(0, individualCount);
  const memberRows: (typeof clientMembers.$inferInsert)[] = [];
  for (let g = individualCount; g < count; g += 1) {
    const size = clientRows[g]!.kind === 'couple' ? 2 : int(3, 5);
    const chosen = new Set<number>();
    while (chosen.size < Math.min(size, individuals.length)) chosen.add(pick(individuals));
    for (const memberClientId of chosen) memberRows.push({ practiceId, groupClientId: ids[g]!, memberClientId });
  }
  await insertChunked(memberRows, (chunk) => db.insert(clientMembers).values(chunk));

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
      const occurredAt = new Date(Math.min(BASE - DAY, since + int(0, 365) * DAY));
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
  await insertChunked(details, (chunk) => db.insert(clientDetails).values(chunk));
  await insertChunked(insurance, (chunk) => db.insert(clientInsurance).values(chunk));
  await insertChunked(addresses, (chunk) => db.insert(clientAddresses).values(chunk));
  await insertChunked(reminders, (chunk) => db.insert(clientReminderPreferences).values(chunk));
  await insertChunked(contacts, (chunk) => db.insert(clientRelationships).values(chunk));
  await insertChunked(activity, (chunk) => db.insert(clientActivityEntries).values(chunk));
  return ids;
}
