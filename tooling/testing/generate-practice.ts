/**
 * Runs the server's repeatable practice generator (`apps/server/src/cli/generate.ts`) into a data directory or the
 * database of DATABASE_URL, the way a person would from the command line. Shared by the benchmarks and the e2e journeys.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './built-server';

/** The password of every member the generator makes (apps/server/src/domains/practice/generator.ts). */
export const GENERATED_PASSWORD = 'generated-practice-password';

/** The generated practice's Admin, who sees every client. */
export const generatedAdminEmail = (seed: number): string => `admin@seed${seed}.halcyon.test`;

export interface GenerateOptions {
  clients: number;
  seed: number;
  /** The server's DATA_DIR (the embedded database lives in it). */
  dataDir: string;
  /** Extra environment, such as DATABASE_URL for PostgreSQL. */
  env?: NodeJS.ProcessEnv;
  /** False: the team and the clients only, without sessions, notes, plans and the other clinical records. */
  clinicalRecords?: boolean;
}

/** Generates the practice; answers the seconds it took, or rejects with the generator's own output. */
export async function generatePracticeInto(options: GenerateOptions): Promise<number> {
  const started = performance.now();
  const cli = path.join(repoRoot, 'apps/server/src/cli/generate.ts');
  const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
  const args = [cli, '--clients', String(options.clients), '--seed', String(options.seed)];
  if (options.clinicalRecords === false) args.push('--without-records');
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const child = spawn(tsx, args, {
      cwd: path.join(repoRoot, 'apps/server'),
      env: { ...process.env, ...options.env, DATA_DIR: options.dataDir, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`generating a practice of ${options.clients} clients failed:\n${output}`)),
    );
  });
  return (performance.now() - started) / 1000;
}
