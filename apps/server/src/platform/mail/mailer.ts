import type { FastifyBaseLogger } from 'fastify';
import type { MailFailures } from './failures';
import type { MailMessage, MailTransport } from './index';

/** How domains send e-mail: queued (with retries) when the job queue runs, delivered in-process otherwise. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Delivers at once, retrying a failed delivery twice with a short pause; a lost message is logged, never thrown at the caller. */
export class DirectMailer implements Mailer {
  constructor(
    private readonly transport: MailTransport,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
    private readonly retryDelayMs = 500,
    private readonly failures?: MailFailures,
  ) {}

  async send(message: MailMessage): Promise<void> {
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      try {
        await this.transport.deliver(message);
        return;
      } catch (error) {
        if (attempt === 3) {
          this.log.error({ err: error, subject: message.subject }, 'e-mail could not be delivered');
          await this.failures?.report(message, this.log);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, this.retryDelayMs * attempt));
      }
    }
  }
}
