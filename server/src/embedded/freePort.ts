import fs from 'node:fs';
import net from 'node:net';

/**
 * The ports the system hands out to outgoing connections (Linux's default when it cannot be
 * read). A port asked of the system with `listen(0)` comes from the same range, so between
 * asking and binding any connection on the machine may take it as its own end ("address already
 * in use"); a port below the range is never taken that way.
 */
export function ephemeralPorts(
  rangeFile = '/proc/sys/net/ipv4/ip_local_port_range',
): [number, number] {
  try {
    const [low, high] = fs.readFileSync(rangeFile, 'utf8').trim().split(/\s+/).map(Number);
    if (low && high && low <= high) return [low, high];
  } catch {
    // Not Linux: its default is as good a guess as any.
  }
  return [32768, 60999];
}

/** Below the ports of well-known services, above which the free ports are picked. */
const LOWEST_PICKED = 10_000;

function listensFree(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as net.AddressInfo;
      server.close(() => resolve(bound));
    });
  });
}

/**
 * A loopback TCP port nobody listens on right now, picked at random below the ephemeral range
 * when there is room there, else asked of the system.
 */
export async function freePort(): Promise<number> {
  const [ephemeralLow] = ephemeralPorts();
  if (ephemeralLow - LOWEST_PICKED >= 1_000) {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const port = LOWEST_PICKED + Math.floor(Math.random() * (ephemeralLow - LOWEST_PICKED));
      const free = await listensFree(port);
      if (free !== null) return free;
    }
  }
  const asked = await listensFree(0);
  if (asked === null) throw new Error('no free loopback port');
  return asked;
}
