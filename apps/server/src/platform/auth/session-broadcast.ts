import crypto from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL channel on which instances tell each other to forget the sessions they remember. */
export const SESSION_CHANNEL = 'halcyon_session_checks';
/** How long a publish waits for the other instances to say they have forgotten. */
const ACK_TIMEOUT_MS = 1_000;
/** How long to wait before listening again after the connection was lost. */
const RECONNECT_DELAY_MS = 1_000;
const APPLICATION_NAME = 'halcyon-session-broadcast';

interface Log {
  warn(object: object, message: string): void;
}

/**
 * Several instances on one PostgreSQL behave as one (issue 12): a sign-out, revoke, role change or practice setting
 * answered by one instance must be honoured by every other at once, yet each instance remembers valid sessions for a few
 * seconds so a read does not cost a session lookup (QUALITY.md read budgets).
 *
 * Each instance LISTENs on one channel over its own connection (named `halcyon-session-broadcast`, so the listeners of a
 * database can be counted in `pg_stat_activity`). Every write (a non-GET request) NOTIFYs `w:<instance>:<n>` before its
 * answer leaves, counting the listeners in the same statement; each other instance forgets what it remembered and
 * answers `a:<instance>:<n>`, and the writer waits for one answer per other listener (at most a second). So the answer
 * to a sign-out reaches the browser only after every live instance has forgotten the session: "at once", without a
 * lookup per request. While the channel is down (never connected, connection lost) `live` is false and the session
 * checks remember nothing, so correctness never depends on the channel; it reconnects by itself and forgets everything
 * when it does (notifications sent meanwhile are lost).
 */
export class SessionBroadcast {
  private client: pg.Client | null = null;
  private connected = false;
  private closed = false;
  private sequence = 0;
  private readonly instance = crypto.randomUUID();
  /** Writes of this instance waiting for the others' answers: token -> one call per answer. */
  private readonly waiting = new Map<string, () => void>();
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    /** Called on every notification, ours and the other instances'. */
    private readonly onChange: () => void,
    private readonly log?: Log,
  ) {}

  /** True while this instance is sure to hear the others' writes: only then may sessions be remembered. */
  get live(): boolean {
    return this.connected && !this.closed;
  }

  /** Connects and listens; never throws (a failure leaves the channel down and retries later). */
  async start(): Promise<void> {
    if (this.closed || this.client) return;
    const client = new pg.Client({ connectionString: this.url, application_name: APPLICATION_NAME });
    this.client = client;
    client.on('notification', (message) => {
      if (message.channel !== SESSION_CHANNEL || !message.payload) return;
      const [kind, token] = [message.payload.slice(0, 2), message.payload.slice(2)];
      if (kind === 'a:') {
        this.waiting.get(token)?.();
        return;
      }
      if (kind !== 'w:' || token.startsWith(`${this.instance}:`)) return;
      this.onChange();
      client.query('select pg_notify($1, $2)', [SESSION_CHANNEL, `a:${token}`]).catch((error: Error) => {
        this.lost(client, error);
      });
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_CHANNEL}`);
      if (this.client !== client) return;
      this.connected = true;
      // Whatever changed while nobody was listening is unknown: start from nothing remembered.
      this.onChange();
    } catch (error) {
      this.lost(client, error as Error);
    }
  }

  /**
   * Tells every other instance to forget, and resolves once each listening one has answered (or after a second). Never
   * throws: if the notification cannot be sent, the channel is treated as down.
   *
   * Writes that publish at once share a notification (group commit): a notification already being sent may have left
   * before this write was done, so a write waits for the next one, which goes as soon as that one has been sent and
   * serves every write that arrived meanwhile. One statement per burst of writes, not per write, on the one connection.
   */
  publish(): Promise<void> {
    if (!this.client || !this.live) return Promise.resolve();
    this.next ??= (async () => {
      await this.sending;
      this.next = null;
      await this.notify();
    })();
    return this.next;
  }

  /** The notification shared by the writes that published since the last one was sent (`publish`). */
  private next: Promise<void> | null = null;
  /** The statement of the notification being sent, settled (never rejected) once it has run. */
  private sending: Promise<unknown> | null = null;

  /** Sends one notification (its statement prepared once on the connection) and waits for the other instances' answers. */
  private async notify(): Promise<void> {
    const client = this.client;
    if (!client || !this.live) return;
    const token = `${this.instance}:${(this.sequence += 1)}`;
    let answers = 0;
    let expected = Infinity;
    let done: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (done = resolve));
    this.waiting.set(token, () => {
      answers += 1;
      if (answers >= expected) done();
    });
    const timer = setTimeout(done, ACK_TIMEOUT_MS);
    try {
      const query = client.query<{ listeners: number }>({
        name: 'halcyon_session_broadcast',
        text: `select pg_notify($1, $2), (select count(*)::int from pg_stat_activity
           where datname = current_database() and application_name = $3) as listeners`,
        values: [SESSION_CHANNEL, `w:${token}`, APPLICATION_NAME],
      });
      this.sending = query.catch(() => undefined);
      const result = await query;
      expected = Math.max(0, (result.rows[0]?.listeners ?? 1) - 1);
      if (answers >= expected) done();
      await answered;
    } catch (error) {
      this.lost(client, error as Error);
    } finally {
      clearTimeout(timer);
      this.waiting.delete(token);
    }
  }

  async stop(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    this.connected = false;
    for (const answer of this.waiting.values()) answer();
    if (client) await client.end().catch(() => undefined);
  }

  private lost(client: pg.Client, error: Error): void {
    if (this.client !== client) return;
    this.client = null;
    this.connected = false;
    this.onChange();
    client.end().catch(() => undefined);
    if (this.closed) return;
    this.log?.warn(
      { err: error.message },
      'session notifications are down: sessions are checked on every request until they are back',
    );
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.start();
    }, RECONNECT_DELAY_MS);
    this.reconnectTimer.unref();
  }
}
