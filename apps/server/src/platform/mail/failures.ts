import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, UndeliveredData } from './index';

export type UndeliveredHandler = (data: UndeliveredData) => Promise<void>;

/**
 * What happens when an e-mail could not be delivered after its last try (the queue's retries over about two hours, or
 * the in-process mailer's three): the domain that sent it named a handler in `message.undelivered`, registered here by
 * that domain, so what it showed as sent can say it was not (an invoice's timeline, for one). A message without one, or
 * a handler that fails, is logged only: the mailer's callers never see the failure.
 */
export class MailFailures {
  private readonly handlers = new Map<string, UndeliveredHandler>();

  on(name: string, handler: UndeliveredHandler): this {
    this.handlers.set(name, handler);
    return this;
  }

  async report(message: MailMessage, log: Pick<FastifyBaseLogger, 'error'>): Promise<void> {
    const tag = message.undelivered;
    const handler = tag && this.handlers.get(tag.handler);
    if (!tag || !handler) return;
    try {
      await handler(tag.data);
    } catch (error) {
      log.error({ err: error, handler: tag.handler }, 'an undelivered e-mail could not be recorded');
    }
  }
}
