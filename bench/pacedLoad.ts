/**
 * Requests at a steady rate, evenly spaced, whatever the answers take (an open loop, as real
 * shoppers arrive): the latency a shopper sees at that traffic. autocannon's own rate limit
 * sends each second's requests in bursts from all its connections at once, so its latency at a
 * set rate measures the burst, not the server.
 */
import http from 'node:http';
import { p99, summarize } from './stats';

export interface PacedRequest {
  url: string;
  method: string;
  body: string;
  /** Headers of the n-th request (to spread requests over several signed-in users). */
  headers: (n: number) => Record<string, string>;
  /**
   * Runs after the n-th answer, untimed (a shopper refilling the bag a checkout emptied); the
   * run waits for it before it ends.
   */
  after?: (n: number) => Promise<void>;
}

export interface PacedRun {
  sent: number;
  failures: number;
  p50: number;
  p99: number;
  max: number;
}

export async function pacedLoad(
  request: PacedRequest,
  perSecond: number,
  seconds: number,
): Promise<PacedRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  const latencies: number[] = [];
  let failures = 0;
  let sent = 0;
  const inFlight: Promise<void>[] = [];

  const send = (n: number) =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = http.request(
        request.url,
        {
          method: request.method,
          agent,
          headers: { 'content-type': 'application/json', ...request.headers(n) },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - started);
            if (!res.statusCode || res.statusCode >= 300) failures += 1;
            if (request.after) request.after(n).then(resolve, resolve);
            else resolve();
          });
        },
      );
      req.on('error', () => {
        failures += 1;
        resolve();
      });
      req.end(request.body);
    });

  const start = performance.now();
  const total = Math.round(perSecond * seconds);
  await new Promise<void>((done) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * perSecond));
      while (sent < due) inFlight.push(send(sent++));
      if (sent >= total) {
        clearInterval(timer);
        done();
      }
    }, 1);
  });
  await Promise.all(inFlight);
  agent.destroy();

  const { median, max } = summarize(latencies);
  return { sent, failures, p50: median, p99: p99(latencies), max };
}
