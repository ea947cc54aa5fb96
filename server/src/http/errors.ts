import type { FastifyError, FastifyInstance } from 'fastify';
import { STATUS_CODES } from 'node:http';

/** A refusal with its status and a message meant for the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The `{ error, message }` body of every failed call. */
export function errorBody(status: number, message: string) {
  return { error: STATUS_CODES[status] ?? 'Error', message };
}

/** Turns a schema validation failure into a sentence: `body.quantity must be >= 1`. */
function validationMessage(error: FastifyError): string {
  const where = error.validationContext ?? 'request';
  const details = (error.validation ?? []).map((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const missing = issue.keyword === 'required' ? String(issue.params.missingProperty) : null;
    const extra =
      issue.keyword === 'additionalProperties' ? String(issue.params.additionalProperty) : null;
    if (missing) return `${where}${field ? `.${field}` : ''}.${missing} is required`;
    if (extra) return `${where}${field ? `.${field}` : ''}.${extra} is not allowed`;
    const { parentSchema } = issue as { parentSchema?: { errorMessage?: unknown } };
    const custom = parentSchema?.errorMessage;
    const problem = typeof custom === 'string' ? custom : (issue.message ?? 'is invalid');
    return `${where}${field ? `.${field}` : ''} ${problem}`;
  });
  return details.length > 0 ? details.join('; ') : error.message;
}

/**
 * One error format for the whole API. Client mistakes say what is wrong; server faults are
 * logged in full and answered with a generic message, so no stack or SQL text leaves the server.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      return reply.status(400).send(errorBody(400, validationMessage(error)));
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(status)
        .send(errorBody(status, 'Something went wrong on our side. Please try again.'));
    }
    return reply.status(status).send(errorBody(status, error.message));
  });
}
