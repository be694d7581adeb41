/**
 * `pnpm --filter @halcyon/server generate -- --clients N --seed S`: adds a repeatable practice to the configured database
 * (DATA_DIR or DATABASE_URL). The same seed always makes the same practice; a seed already generated is left as it is.
 * The team grows with the size (20 members at 5,000 clients); clients come with their clinical records (sessions and notes,
 * treatment plans, risk, measures, documents). Prints the rows it made per table.
 */
import { like, sql } from 'drizzle-orm';
import { openDatabase } from '../platform/db';
import { users } from '../schema';
import { hashPassword } from '../platform/auth/passwords';
import {
  GENERATED_PASSWORD,
  generatePractice,
  generatedEmailDomain,
  practiceRowCounts,
} from '../domains/practice/generator';
import { cliConfig, errorMessage, fail, flag, option, refuseWhileServerRuns, say } from './common';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
if (flag(args, 'help')) {
  say('Usage: pnpm --filter @halcyon/server generate -- --clients N --seed S [--without-records]');
  say('  --without-records  the team and the clients only: no sessions, notes, plans, risk, measures or documents');
  process.exit(0);
}
const whole = (name: string, fallback: number, max: number): number => {
  const raw = option(args, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max)
    fail(`--${name} must be a whole number from 0 to ${max} (got "${raw}").`);
  return value;
};
const clients = whole('clients', 100, 1_000_000);
const seed = whole('seed', 1, 2 ** 31 - 1);
const clinicalRecords = !flag(args, 'without-records');

const config = cliConfig();
refuseWhileServerRuns(config, 'generate');
const database = await openDatabase(config);
try {
  await database.migrate();
  const domain = generatedEmailDomain(seed);
  const existing = await database.db
    .select({ email: users.email })
    .from(users)
    .where(like(users.email, `%@${domain}`));
  if (existing.length > 0) {
    say(
      `The practice for seed ${seed} is already in this database (${existing.length} members @${domain}); nothing to do.`,
    );
  } else {
    const started = performance.now();
    const practice = await generatePractice(database.db, {
      clients,
      seed,
      passwordHash: await hashPassword(GENERATED_PASSWORD),
      clinicalRecords,
    });
    // PostgreSQL: the tables just filled as autovacuum would leave them a minute or so later: the planner's statistics
    // (without them a statement prepared now gets a generic plan for empty tables: the client list read every open invoice
    // of the practice for each client on the page, 23 pages a second instead of hundreds) and no dead row versions (the
    // kept counters and balances are rewritten by their triggers at each set-based insert, and a read walks what is dead).
    // Not on the embedded database: it plans each statement afresh, and has no autovacuum to bring statistics up to date,
    // so statistics taken now would mislead whatever comes next (a second, larger practice generated after a small one
    // took minutes instead of 80 s).
    if (database.kind === 'postgres') await database.db.execute(sql`vacuum analyze`);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    say(
      `Generated "${practice.name}" (practice ${practice.practiceId}) for ${clients} clients, seed ${seed}, in ${seconds} s.`,
    );
    const counts = await practiceRowCounts(database.db, practice.practiceId);
    say('Rows per table:');
    for (const [table, rows] of Object.entries(counts)) say(`  ${table.padEnd(28)} ${rows.toLocaleString('en-GB')}`);
    say(`Every member signs in with the password ${GENERATED_PASSWORD}:`);
    for (const member of practice.members)
      say(`  ${member.role.padEnd(9)} ${member.email}  (${member.firstName} ${member.lastName})`);
  }
} catch (error) {
  fail(`Generating the practice failed: ${errorMessage(error)}`);
} finally {
  await database.close();
}
