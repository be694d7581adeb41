import type { Role } from '@halcyon/api/contract';
import type { Db } from '../../platform/db';
import { memberships, practices, users } from '../../platform/db/schema';
import { generateClients } from '../clients/generate';

/** A small, fast, repeatable PRNG (mulberry32): the same seed always makes the same practice. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  'Amelia',
  'Noah',
  'Priya',
  'Oliver',
  'Grace',
  'Samuel',
  'Aisha',
  'Leo',
  'Hannah',
  'Tomasz',
  'Chloe',
  'Daniel',
  'Maya',
  'Ewan',
  'Sofia',
  'Kwame',
  'Isla',
  'Rohan',
  'Freya',
  'Mateo',
];
const LAST = [
  'Hughes',
  'Okafor',
  'Patel',
  'Nowak',
  'Bennett',
  'Fraser',
  'Khan',
  'Lindqvist',
  'Moreau',
  'Reid',
  'Santos',
  'Walsh',
  'Yilmaz',
  'Abbott',
  'Chen',
  'Doyle',
  'Evans',
  'Ferreira',
  'Gallagher',
  'Ibrahim',
];
const TITLES = ['Counselling Psychologist', 'Psychotherapist', 'Clinical Psychologist', 'CBT Therapist', 'Counsellor'];
const BODIES = ['BACP', 'UKCP', 'HCPC', 'BABCP', 'BPS'];
const PRACTICE_WORDS = ['Willow', 'Harbour', 'Cedar', 'Meadow', 'Lantern', 'Riverside', 'Oak', 'Stillwater'];

export interface GeneratedMember {
  userId: number;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
}

export interface GeneratedPractice {
  practiceId: number;
  name: string;
  members: GeneratedMember[];
  /** The clients' ids in creation order (individuals first, then couples, families and groups). */
  clientIds: number[];
}

export interface GenerateOptions {
  /** The number of clients; the team grows with it (3 members up to 20 for 5,000 clients). Clients come with their issue. */
  clients: number;
  seed: number;
  /** One scrypt hash shared by every generated member (hashing per member would take seconds). */
  passwordHash: string;
  /** E-mail domain; kept unique per seed so several generated practices fit in one database. */
  emailDomain?: string;
  demo?: boolean;
  name?: string;
}

/** The password of every member `pnpm generate` makes (never used by demo or production accounts). */
export const GENERATED_PASSWORD = 'generated-practice-password';

/** The e-mail domain of a generated practice: unique per seed, so several fit in one database. */
export function generatedEmailDomain(seed: number): string {
  return `seed${seed}.halcyon.test`;
}

export function teamSize(clients: number): number {
  return Math.max(3, Math.min(20, Math.ceil(clients / 250)));
}

/** Makes a repeatable practice: the same options give the same names, e-mails and roles. Later issues add their records. */
export async function generatePractice(db: Db, options: GenerateOptions): Promise<GeneratedPractice> {
  const random = seededRandom(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const name = options.name ?? `${pick(PRACTICE_WORDS)} ${pick(['Therapy', 'Counselling', 'Wellbeing'])} Practice`;
  const domain = options.emailDomain ?? generatedEmailDomain(options.seed);
  const size = teamSize(options.clients);
  return db.transaction(async (tx) => {
    const [practice] = await tx
      .insert(practices)
      .values({ name, isDemo: options.demo ?? false })
      .returning();
    const members: GeneratedMember[] = [];
    for (let i = 0; i < size; i += 1) {
      const role: Role = i === 0 ? 'Admin' : i === size - 1 || i % 5 === 4 ? 'Assistant' : 'Therapist';
      const firstName = pick(FIRST);
      const lastName = pick(LAST);
      const email = `${role.toLowerCase()}${i === 0 ? '' : i}@${domain}`;
      const [user] = await tx
        .insert(users)
        .values({
          email,
          passwordHash: options.passwordHash,
          firstName,
          lastName,
          title: role === 'Assistant' ? 'Practice Assistant' : pick(TITLES),
          professionalBody: role === 'Assistant' ? null : pick(BODIES),
          registrationNumber: role === 'Assistant' ? null : `${pick(BODIES)}-${100000 + Math.floor(random() * 899999)}`,
          phone: `+44 7700 9${String(Math.floor(random() * 100000)).padStart(5, '0')}`,
          emailVerifiedAt: new Date('2026-01-01T00:00:00Z'),
        })
        .returning({ id: users.id });
      await tx.insert(memberships).values({ practiceId: practice!.id, userId: user!.id, role });
      members.push({ userId: user!.id, email, role, firstName, lastName });
    }
    const clientIds = await generateClients(tx, random, {
      practiceId: practice!.id,
      count: options.clients,
      members,
      emailDomain: domain,
    });
    return { practiceId: practice!.id, name, members, clientIds };
  });
}
