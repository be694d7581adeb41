import type { FastifyBaseLogger } from 'fastify';
import type { JobDefinition, Jobs } from '../jobs';
import type { MailFailures } from './failures';
import type { MailMessage, MailTransport } from './index';
import type { Mailer } from './mailer';

export const MAIL_QUEUE = 'mail-send';

/**
 * Sending one e-mail as a job: a failed delivery (SMTP down, outbox disk full) is tried again after 30 s, 1, 2, 4 and 8 minutes
 * and so on, up to 8 times (about two hours), and survives a restart in between. After the last try the message's
 * `undelivered` handler is told (`failures` is the app's, once it is built).
 */
export function mailJob(
  transport: MailTransport,
  failures: () => MailFailures | undefined,
  log: Pick<FastifyBaseLogger, 'error'>,
  retry = { limit: 8, delaySeconds: 30 },
): JobDefinition<MailMessage> {
  return {
    name: MAIL_QUEUE,
    retryLimit: retry.limit,
    retryDelaySeconds: retry.delaySeconds,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
    handler: (message) => transport.deliver(message),
    onGiveUp: async (message) => {
      await failures()?.report(message, log);
    },
  };
}

/** The mailer when the job queue runs: `send` stores the message as a job and returns; a worker delivers it. */
export class QueuedMailer implements Mailer {
  constructor(
    private readonly jobs: Pick<Jobs, 'send'>,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  async send(message: MailMessage): Promise<void> {
    try {
      await this.jobs.send(MAIL_QUEUE, message);
    } catch (error) {
      // Like DirectMailer: a lost message is logged (without its body, which holds links), never thrown at the caller.
      this.log.error({ err: error, subject: message.subject }, 'e-mail could not be queued');
    }
  }
}
