import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { clients as clientsTable } from '../clients/schema';
import { generatePractice, teamSize } from './generator';

/** Rows per table of one practice's client records. */
async function recordCounts(db: Awaited<ReturnType<typeof createTestDatabase>>['db'], practiceId: number) {
  const tables = [
    'clients',
    'client_members',
    'client_details',
    'client_insurance',
    'client_addresses',
    'client_reminder_preferences',
    'client_relationships',
    'client_activity_entries',
  ];
  const out: Record<string, number> = {};
  for (const table of tables) {
    const result: unknown = await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where practice_id = ${practiceId}`,
    );
    out[table] = (result as { rows: { n: number }[] }).rows[0]!.n;
  }
  return out;
}

async function generate(clients: number, seed: number) {
  const database = await createTestDatabase();
  try {
    const started = performance.now();
    const practice = await generatePractice(database.db, { clients, seed, passwordHash: 'not-a-real-hash' });
    const seconds = (performance.now() - started) / 1000;
    const rows = await database.db
      .select({
        kind: clientsTable.kind,
        status: clientsTable.status,
        firstName: clientsTable.firstName,
        lastName: clientsTable.lastName,
      })
      .from(clientsTable)
      .where(eq(clientsTable.practiceId, practice.practiceId))
      .orderBy(asc(clientsTable.id));
    const counts = await recordCounts(database.db, practice.practiceId);
    console.info(`generated ${clients} clients in ${seconds.toFixed(1)} s: ${JSON.stringify(counts)}`);
    return {
      name: practice.name,
      members: practice.members.map(({ userId: _id, ...rest }) => rest),
      clients: rows,
      counts,
    };
  } finally {
    await database.close();
  }
}

describe('the practice generator', { timeout: 90_000 }, () => {
  it('given the same seed twice, then it makes the same practice; another seed makes another', async () => {
    const first = await generate(100, 11);
    expect(await generate(100, 11)).toEqual(first);
    expect(await generate(100, 12)).not.toEqual(first);
  });

  it('given a large practice (5,000 clients), then the team has 20 members with every role', async () => {
    expect(teamSize(5000)).toBe(20);
    const large = await generate(5000, 3);
    expect(large.members).toHaveLength(20);
    expect(new Set(large.members.map((m) => m.role))).toEqual(new Set(['Admin', 'Therapist', 'Assistant']));
    expect(new Set(large.members.map((m) => m.email)).size).toBe(20);
    // 5,000 clients, one in twenty a couple, family or group; every individual has details, an address and contacts.
    expect(large.counts.clients).toBe(5000);
    const individuals = large.clients.filter((c) => c.kind === 'individual').length;
    expect(individuals).toBe(4750);
    expect(large.counts.client_details).toBe(individuals);
    expect(large.counts.client_addresses).toBe(individuals);
    expect(large.counts.client_reminder_preferences).toBe(individuals);
    expect(large.counts.client_relationships).toBeGreaterThanOrEqual(individuals);
    expect(large.counts.client_activity_entries).toBeGreaterThanOrEqual(individuals);
    expect(large.counts.client_insurance).toBeGreaterThan(individuals * 0.25);
    expect(large.counts.client_members).toBeGreaterThanOrEqual(250 * 2);
    expect(new Set(large.clients.map((c) => c.status))).toEqual(
      new Set(['enquiry', 'waitlist', 'active', 'on hold', 'discharged', 'archived']),
    );
  });
});
