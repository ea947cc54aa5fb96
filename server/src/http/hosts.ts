import net, { type AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { errorBody } from './errors';
import { parseHost } from '../environment/hostName';

/**
 * DNS rebinding: a website whose name is made to point at this machine (or at the store's own
 * address) is served by the store, and the browser lets that website's page read the answers,
 * since they come from "its own" origin. Its requests still name the website in `Host`. So the
 * store answers only requests that name it:
 * - `localhost`, `127.0.0.1` or `[::1]` with the port it listens on,
 * - the host of `PUBLIC_URL` with its port (`tyres.example` and `tyres.example:443` for
 *   https://tyres.example: a proxy terminating TLS passes the client's Host on),
 * - any host in `ALLOWED_HOSTS` (what a proxy in front sends as `Host`, when it is not the
 *   client's own, e.g. nginx's upstream name).
 * With `TRUST_PROXY`, every name in `X-Forwarded-Host` must be one of them too (a proxy that
 * passes every name on does not make the store answer a rebound one).
 * Everyone else gets 421 Misdirected Request, in words, before anything else runs.
 */

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

export const MISDIRECTED =
  'This store does not answer to the address this request was sent to. If it is the ' +
  "store's address, its operator names it in PUBLIC_URL or ALLOWED_HOSTS.";

/**
 * Whether a `Host` (or forwarded host) names this store. `listeningPort` is read per request:
 * a store listening on port 0 learns its port only once it listens.
 */
export function hostMatcher(
  config: Pick<Config, 'publicUrl' | 'allowedHosts'>,
  listeningPort: () => number,
): (header: string | undefined) => boolean {
  const publicUrl = new URL(config.publicUrl);
  const publicPort = Number(publicUrl.port) || (publicUrl.protocol === 'https:' ? 443 : 80);
  return (header) => {
    const host = header === undefined ? null : parseHost(header);
    if (!host) return false;
    if (LOOPBACK_NAMES.has(host.name) && (host.port ?? 80) === listeningPort()) return true;
    // Written without a port, a name means its scheme's default port (so does PUBLIC_URL).
    const port = host.port ?? (publicUrl.port === '' ? publicPort : null);
    if (host.name === publicUrl.hostname && port === publicPort) return true;
    return config.allowedHosts.some(
      (allowed) =>
        allowed.name === host.name && (allowed.port === null || allowed.port === host.port),
    );
  };
}

/** Every name of `X-Forwarded-Host` (each proxy on the way may add one). */
function forwardedHosts(request: FastifyRequest): string[] {
  const header = request.headers['x-forwarded-host'];
  if (header === undefined) return [];
  return (Array.isArray(header) ? header : [header]).flatMap((value) => value.split(','));
}

/** Paths any Host may ask for: the health check (a load balancer names the address it probes). */
const ANY_HOST = new Set(['/api/health']);

/** Refuses requests naming another host (see above). Added before every other hook. */
export function refuseOtherHosts(
  app: FastifyInstance,
  config: Pick<Config, 'port' | 'publicUrl' | 'allowedHosts' | 'trustProxy'>,
) {
  const listeningPort = () =>
    config.port || ((app.server.address() as AddressInfo | null)?.port ?? 0);
  const ours = hostMatcher(config, listeningPort);
  app.addHook('onRequest', async (request, reply) => {
    // A request that came over no connection (`app.inject`: the page renderer's own API calls,
    // tests) named no Host anyone outside chose.
    if (!(request.raw.socket instanceof net.Socket)) return;
    if (ANY_HOST.has(request.routeOptions.url ?? '')) return;
    const forwarded = config.trustProxy ? forwardedHosts(request) : [];
    if (ours(request.headers.host) && forwarded.every(ours)) return;
    request.log.info(
      { host: request.headers.host, forwardedHost: request.headers['x-forwarded-host'] },
      'refused a request naming another host',
    );
    return reply.code(421).send(errorBody(421, MISDIRECTED));
  });
}
