import type { Config } from './config';
import type { Database } from './db';
import type { Audit } from './audit';
import type { SessionChecks } from './auth/guard';
import type { Tokens } from './auth/tokens';
import type { MailTransport } from './mail';
import type { MailFailures } from './mail/failures';
import type { Mailer } from './mail/mailer';
import type { FileStorage } from './storage';

/** What the app is built from: configuration and the database. */
export interface AppContext {
  readonly config: Config;
  readonly database: Database;
  /** Optional overrides (tests, a shared job queue); buildApp makes the defaults. */
  readonly mailer?: Mailer;
  /** Without `mailer`: what the in-process mailer delivers through (a test's failing transport). */
  readonly mailTransport?: MailTransport;
  readonly storage?: FileStorage;
}

/** What every domain's routes and services are given. */
export interface Platform {
  readonly config: Config;
  readonly database: Database;
  readonly tokens: Tokens;
  /** The signed-in session check every request passes (remembers valid sessions for a few seconds). */
  readonly sessions: SessionChecks;
  readonly audit: Audit;
  readonly mailer: Mailer;
  /** Where domains register what to do when an e-mail they sent could not be delivered. */
  readonly mailFailures: MailFailures;
  readonly storage: FileStorage;
}
