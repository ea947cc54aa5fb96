import type { FastifyServerOptions } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Config } from '../config';

/** What Node's HTTP parser refuses before any route runs, in the API's `{ error, message }`. */
function clientError(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request took too long to arrive.']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large.']
        : [400, 'The request is not valid HTTP.'];
  const body = JSON.stringify({ error: STATUS_CODES[status], message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * Limits on how long a client may take: the whole request within `REQUEST_TIMEOUT` (checked
 * every 2 s, not Node's default 30 s), headers within 10 s, an idle connection 30 s. A body
 * dripped a byte at a time is cut off when its request time runs out.
 */
export function connectionOptions(config: Config): Partial<FastifyServerOptions> {
  const requestTimeout = config.requestTimeoutSeconds * 1000;
  return {
    requestTimeout,
    connectionTimeout: 30_000,
    keepAliveTimeout: 5_000,
    http: {
      headersTimeout: Math.min(10_000, requestTimeout),
      connectionsCheckingInterval: 2_000,
    },
    clientErrorHandler: clientError,
  } as Partial<FastifyServerOptions>;
}
