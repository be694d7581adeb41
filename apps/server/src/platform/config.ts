import path from 'node:path';
import { z } from 'zod';
import { UPLOAD_MAX_MB_DEFAULT } from '@halcyon/api/contract';

const port = z.coerce
  .number({ error: 'must be a whole number from 1 to 65535' })
  .int('must be a whole number from 1 to 65535')
  .min(1, 'must be a whole number from 1 to 65535')
  .max(65535, 'must be a whole number from 1 to 65535');

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''], { error: 'must be true or false' })
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection URL')
    .optional(),
  // PostgreSQL serves most with about two busy connections per core: more only queue inside it, where they compete for
  // the same cores and caches. On a 2-core database, 20 connections answered the client list and the invoice list 10-25%
  // slower than 4 to 8 (`pnpm bench:api`); 8 suits a small practice's database, and a larger database server can take more.
  DB_POOL_SIZE: z.coerce.number({ error: 'must be a whole number from 1 to 200' }).int().min(1).max(200).default(8),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  WEB_DIST: z.string().optional(),
  /**
   * Which proxies may set X-Forwarded-For (the client IP used for rate limits and the audit log): unset trusts none, so a
   * caller cannot pick its own IP; `true` trusts every hop; or list the proxies' IPs / CIDRs, separated by commas.
   */
  TRUST_PROXY: z
    .string()
    .transform((v): boolean | string[] => {
      const value = v.trim();
      if (value === 'true') return true;
      if (value === 'false') return false;
      return value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    })
    .default(false),
  HALCYON_DEMO: flag.default(false),
  /** Signs access tokens. Production without it: a random secret generated once and kept in DATA_DIR/jwt-secret. */
  JWT_SECRET: z.string().optional(),
  /** The address people open Halcyon at; links in e-mails start with it. */
  PUBLIC_URL: z.url({ error: 'must be a full URL such as https://halcyon.example.com' }).optional(),
  /** smtp:// or smtps:// URL for real e-mail delivery; without it, messages are written to DATA_DIR/outbox as .eml files. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL such as smtps://user:pass@smtp.example.com:465')
    .optional(),
  MAIL_FROM: z
    .string()
    .min(3, 'must be an address such as "Halcyon <no-reply@example.com>"')
    .default('Halcyon <no-reply@halcyon.local>'),
  /** Where Need-help > Contact-us messages go; unset: the practice's contact e-mail, else its Admins. */
  SUPPORT_EMAIL: z.email({ error: 'must be an e-mail address such as support@example.com' }).optional(),
  /** Comma-separated origins allowed to call the API from a browser; empty keeps CORS closed (same origin only). */
  CORS_ORIGINS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ error: 'must list full origins such as https://app.example.com, separated by commas' })))
    .default([]),
  /** Largest upload in megabytes. */
  UPLOAD_MAX_MB: z.coerce
    .number({ error: 'must be a number of megabytes from 1 to 1024' })
    .int('must be a number of megabytes from 1 to 1024')
    .min(1, 'must be a number of megabytes from 1 to 1024')
    .max(1024, 'must be a number of megabytes from 1 to 1024')
    .default(UPLOAD_MAX_MB_DEFAULT),
  /** S3-compatible storage for files; without S3_BUCKET files are kept in DATA_DIR/files. */
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url({ error: 'must be a URL such as https://s3.eu-west-1.amazonaws.com' }).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  /**
   * Who takes card payments for invoices (issue 15): `sandbox` (built in, the default: no real money moves; for the demo
   * and tests) or `stripe` (Stripe Connect; needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET).
   */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe'], { error: 'must be sandbox or stripe' }).default('sandbox'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key such as sk_live_...')
    .optional(),
  /** The signing secret of the Stripe webhook endpoint /api/payments/webhook/stripe. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]+$/, 'must be a Stripe webhook signing secret such as whsec_...')
    .optional(),
  /** Signs the sandbox provider's callbacks; unset: a random secret per process (the sandbox calls its own process). */
  SANDBOX_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Run background jobs (e-mail, nightly backup) in this process. */
  JOBS_ENABLED: flag.default(true),
  SHUTDOWN_GRACE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(0)
    .max(60_000)
    .default(10_000),
});

export type Config = Omit<z.infer<typeof envSchema>, 'DATA_DIR'> & { DATA_DIR: string };

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Reads and validates every environment variable the server uses. An empty string counts as unset, so `PORT=` falls back to
 * the default. Throws a ConfigError whose message is one line naming the variable and what to fix.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const known = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];
  const input: Record<string, string> = {};
  for (const key of known) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  const parsed = envSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const got = input[name];
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue?.message ?? 'is not valid'}${got === undefined ? '' : ` (got "${got}")`}.`,
    );
  }
  const data = parsed.data;
  if (data.JWT_SECRET !== undefined) checkJwtSecret(data.JWT_SECRET);
  if (data.DATABASE_URL && data.JWT_SECRET === undefined && data.NODE_ENV !== 'test') {
    throw new ConfigError(
      'Invalid configuration: JWT_SECRET must be set when DATABASE_URL is set, so that every instance on the database signs and accepts the same tokens. Use a long random string, for example `openssl rand -base64 48`.',
    );
  }
  if (data.S3_BUCKET && (!data.S3_ACCESS_KEY_ID || !data.S3_SECRET_ACCESS_KEY) && data.S3_ENDPOINT) {
    throw new ConfigError(
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set when S3_BUCKET and S3_ENDPOINT are set.',
    );
  }
  if (data.PAYMENT_PROVIDER === 'stripe' && (!data.STRIPE_SECRET_KEY || !data.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'Invalid configuration: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set when PAYMENT_PROVIDER is stripe.',
    );
  }
  return { ...data, DATA_DIR: path.resolve(data.DATA_DIR) };
}

/** The address people open Halcyon at, without a trailing slash: links in e-mails and providers' return pages. */
export function publicBaseUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

/** Values that appear in examples and tutorials; a secret anyone can read signs tokens anyone can forge. */
const KNOWN_DEFAULT_SECRETS = new Set([
  'secret',
  'changeme',
  'change-me',
  'changethis',
  'jwt-secret',
  'jwt_secret',
  'your-secret',
  'your_jwt_secret',
  'your-256-bit-secret',
  'supersecret',
  'mysecret',
  'halcyon',
  'development',
  'test',
  'password',
]);
export const JWT_SECRET_MIN_LENGTH = 32;

function checkJwtSecret(secret: string): void {
  const lower = secret.toLowerCase();
  const fromExample = [...KNOWN_DEFAULT_SECRETS].some(
    (known) => lower.replace(/[^a-z0-9_-]/g, '').startsWith(known) && lower.length < 48,
  );
  if (KNOWN_DEFAULT_SECRETS.has(lower) || fromExample) {
    throw new ConfigError(
      'Invalid configuration: JWT_SECRET is a well-known example value. Set it to a long random string (for example `openssl rand -base64 48`), or unset it to let Halcyon generate one.',
    );
  }
  if (secret.length < JWT_SECRET_MIN_LENGTH) {
    throw new ConfigError(
      `Invalid configuration: JWT_SECRET must be at least ${JWT_SECRET_MIN_LENGTH} characters (got ${secret.length}). Use a long random string, for example \`openssl rand -base64 48\`.`,
    );
  }
  if (new Set(secret).size < 8) {
    throw new ConfigError(
      'Invalid configuration: JWT_SECRET repeats too few characters to be secret. Use a long random string.',
    );
  }
}
