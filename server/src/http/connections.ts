import type { FastifyServerOptions } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Server, Socket } from 'node:net';
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

/** Said to a client over its address's cap, as its connection is closed. */
export const TOO_MANY_CONNECTIONS =
  'Too many connections from your address at once. Close some, then try again.';

/**
 * What a client's connections are counted under: its IPv4 address, or the /64 network of its
 * IPv6 address (one subscriber's allocation: a client has billions of addresses in it).
 */
export function addressKey(address: string): string {
  const plain = address.split('%')[0]!.toLowerCase();
  if (!plain.includes(':')) return plain;
  // An IPv4 client of a dual-stack listener.
  if (plain.startsWith('::ffff:') && plain.includes('.')) return plain.slice('::ffff:'.length);
  const [head = '', tail] = plain.split('::');
  const heads = head ? head.split(':') : [];
  const tails = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? heads
      : [...heads, ...Array(8 - heads.length - tails.length).fill('0'), ...tails];
  const network = groups
    .slice(0, 4)
    .map((group) => (parseInt(group, 16) || 0).toString(16))
    .join(':');
  return `${network}::/64`;
}

/**
 * Open connections at most, in all (`MAX_CONNECTIONS`: more are closed on arrival by Node) and
 * from any one address (`MAX_CONNECTIONS_PER_ADDRESS`), so that one client opening connections
 * (dripping headers, reconnecting each time one is cut off) cannot take them all: its
 * connections over the cap are closed as they arrive, with a 503 written first (which a client
 * that has not sent its request yet reads), while other addresses are served. Counted per API
 * process, from the connection's own address: behind a proxy every client has the proxy's, so
 * with `TRUST_PROXY` there is no cap per address unless it is set (the proxy limits its clients).
 */
export function limitConnections(server: Server, config: Config) {
  server.maxConnections = config.maxConnections;
  const cap = config.maxConnectionsPerAddress;
  if (cap === null || cap >= config.maxConnections) return;
  const body = JSON.stringify({ error: STATUS_CODES[503], message: TOO_MANY_CONNECTIONS });
  const refusal =
    `HTTP/1.1 503 ${STATUS_CODES[503]}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nRetry-After: 10\r\nConnection: close\r\n\r\n${body}`;
  const open = new Map<string, number>();
  // Before the HTTP server sees the connection: one refused here is closed at once (it holds
  // none of the server's connections), before any byte of it is read.
  server.prependListener('connection', (socket: Socket) => {
    if (!socket.remoteAddress) return; // already gone
    const key = addressKey(socket.remoteAddress);
    const count = open.get(key) ?? 0;
    if (count >= cap) {
      socket.on('error', () => {});
      socket.write(refusal);
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}
