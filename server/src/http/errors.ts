import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { DomainError, type DomainErrorCode } from '../domainErrors';
import { refusals } from '../refusals';
import { validationError } from '../validation/schemaProblems';

/** A refusal with its status, a message meant for the client and the body field it is about. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The `{ error, message, field? }` body of every failed call. */
export function errorBody(status: number, message: string, field?: string) {
  return { error: STATUS_CODES[status] ?? 'Error', message, ...(field ? { field } : {}) };
}

/** Said of an address whose escapes cannot be decoded (`/%E0%A4%A`, `/shop%`). */
export const UNREADABLE_ADDRESS =
  'This address cannot be read: a % in it must start a character written in hexadecimal, such as %20 for a space.';

/**
 * What Fastify meets before any route runs (its `frameworkErrors` option), in the API's
 * `{ error, message }`: an address whose escapes cannot be decoded is the client's mistake, a
 * 400 in words, neither Fastify's own body (which echoes the address) nor an error in the log.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send(errorBody(400, UNREADABLE_ADDRESS));
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send(errorBody(414, 'This address is too long.'));
  }
  request.log.error({ err: error }, 'request failed');
  return reply
    .status(500)
    .send(errorBody(500, 'Something went wrong on our side. Please try again.'));
}

/** The status of each kind of refusal the domain throws: the one place they are mapped. */
export const STATUS_OF_REFUSAL: Record<DomainErrorCode, number> = {
  invalid: 400,
  not_signed_in: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  too_many: 429,
  provider_failed: 502,
};

/**
 * pg-pool's words when no database connection came free within the pool's wait: the store is
 * overloaded, not broken, so the caller is told to try again rather than that something failed.
 */
const NO_FREE_CONNECTION = 'timeout exceeded when trying to connect';

/**
 * One error format for the whole API. Client mistakes say what is wrong; server faults are
 * logged in full and answered with a generic message, so no stack or SQL text leaves the server.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      const { message, field } = validationError(error);
      return reply.status(400).send(errorBody(400, message, field));
    }
    if (error.message === NO_FREE_CONNECTION) {
      request.log.warn({ err: error }, 'no database connection came free');
      return reply
        .status(503)
        .header('retry-after', '1')
        .send(errorBody(503, refusals.requests.storeBusy));
    }
    const refusal = error instanceof HttpError || error instanceof DomainError;
    const status =
      error instanceof DomainError
        ? STATUS_OF_REFUSAL[error.code]
        : error.statusCode && error.statusCode >= 400
          ? error.statusCode
          : 500;
    // A refusal's words are written for people, a 502 from a provider too; anything else
    // failing on the server is not.
    if (status >= 500 && refusal) {
      request.log.warn({ err: error }, 'request failed upstream');
      return reply.status(status).send(errorBody(status, error.message));
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(status)
        .send(errorBody(status, 'Something went wrong on our side. Please try again.'));
    }
    const field = refusal ? (error as HttpError | DomainError).field : undefined;
    return reply.status(status).send(errorBody(status, error.message, field));
  });
}
