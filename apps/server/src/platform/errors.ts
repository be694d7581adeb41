/** An error a route handler throws on purpose: its status and a sentence the person using Halcyon can act on. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly fields?: Record<string, string>,
    /** Response headers that go with the error (a 429's Retry-After). */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const notFound = (detail = 'Not found') => new HttpError(404, detail);
export const forbidden = (detail = 'You do not have permission to do that.') => new HttpError(403, detail);
export const badRequest = (detail: string, fields?: Record<string, string>) => new HttpError(400, detail, fields);
export const conflict = (detail: string) => new HttpError(409, detail);
export const unauthorized = (detail = 'Session expired. Please log in again.') => new HttpError(401, detail);

/** Messages for errors Fastify raises itself before a handler runs, in words a person understands. */
export const FRAMEWORK_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This kind of content is not accepted here.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_BAD_URL: 'The address is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long.',
};
