import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from '../platform/config';
import { runningServerPid } from '../platform/backup';

/** The repository root (apps/server/src/cli -> four levels up). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * The server's configuration for a command-line tool. DATA_DIR defaults to the repository's `data/` (where `npm start` keeps
 * it), whichever folder the command runs in.
 */
export function cliConfig(): Config {
  const env = { ...process.env };
  if (!env.DATA_DIR) env.DATA_DIR = path.join(repoRoot, 'data');
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

/** Stops with a sentence on stderr and exit code 1. */
export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

export function say(message: string): void {
  process.stdout.write(`${message}\n`);
}

/** The embedded database can be opened by one process at a time: refuse while a server has it open. */
export function refuseWhileServerRuns(config: Config, what: string): void {
  if (config.DATABASE_URL) return;
  const pid = runningServerPid(config.DATA_DIR);
  if (pid !== null) {
    fail(
      `Halcyon is running on ${config.DATA_DIR} (process ${pid}); the embedded database can be used by one program at a time. Stop Halcyon, then ${what} again. (While it runs, it writes a backup to ${path.join(config.DATA_DIR, 'backups')} every night.)`,
    );
  }
}

/** `--name value` or `--name=value` from the arguments. */
export function option(args: readonly string[], name: string): string | undefined {
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === `--${name}`) return args[i + 1];
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return undefined;
}

export function flag(args: readonly string[], name: string): boolean {
  return args.includes(`--${name}`);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
