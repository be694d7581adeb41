import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { FRAMEWORK_MESSAGES, HttpError } from '../errors';
import { applySecurityHeaders } from './security-headers';

const INTERNAL = 'Something went wrong on our side. Please try again.';

/** Every error leaves as JSON `{ detail, fields? }`; no stack traces, no 500 for bad input, never the path it was asked. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
}

/**
 * Fastify's `frameworkErrors`: the router's own errors (a bad %-escape, a path segment longer than the router takes) leave
 * before any hook runs, so they get the security headers here and then the one error handler's answer.
 */
export function routingErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  applySecurityHeaders(reply.raw);
  reply.header('Cache-Control', 'no-store');
  void sendError(error, request, reply);
}

function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    if (error.headers) reply.headers(error.headers);
    return reply
      .status(error.statusCode)
      .send({ detail: error.detail, ...(error.fields ? { fields: error.fields } : {}) });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const key = where || error.validationContext || 'request';
      fields[key] ??= issue.message ?? 'is not valid';
    }
    const summary = Object.entries(fields)
      .slice(0, 3)
      .map(([field, message]) => `${field}: ${message}`)
      .join('; ');
    return reply.status(400).send({ detail: `Please check the request. ${summary}`, fields });
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error }, 'response did not match the contract');
    return reply.status(500).send({ detail: INTERNAL });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const detail =
      FRAMEWORK_MESSAGES[error.code] ?? (status === 429 ? error.message : 'The request could not be understood.');
    return reply.status(status).send({ detail });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ detail: INTERNAL });
}
