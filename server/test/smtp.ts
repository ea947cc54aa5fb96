import net, { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** The SMTP server and helpers the email tests share (emails.test.ts, emailOutages.test.ts). */

/** A message as the SMTP server received it. */
export interface Received {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback (smtp-server, nodemailer's own), which accepts everything, or
 * answers MAIL FROM with the reply `refuse` gives (421 for a while, 550), or waits at MAIL FROM
 * while `hold` is set (a send caught in the middle). On `port` if given (one that refused
 * connections until now), else on a free one.
 */
export async function startSmtp(wantedPort = 0) {
  const received: Received[] = [];
  let attempts = 0;
  const state = {
    refuse: null as null | (() => { code: number; text: string } | null),
    /** While set, MAIL FROM waits for it before answering. */
    hold: null as null | Promise<void>,
  };
  /** MAIL FROMs waiting on `hold` now. */
  let held = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      attempts += 1;
      if (state.hold) {
        held += 1;
        void state.hold.then(() => {
          held -= 1;
          callback(Object.assign(new Error('421 Held'), { responseCode: 421 }));
        });
        return;
      }
      const refusal = state.refuse?.();
      if (!refusal) return callback();
      const err = Object.assign(new Error(refusal.text), { responseCode: refusal.code });
      return callback(err);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(wantedPort, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    attempts: () => attempts,
    held: () => held,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The header `name` of a raw message (unfolded). */
export function header(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

/** The message's text/plain part, quoted-printable decoded. */
export function plainText(raw: string): string {
  const match = /Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)\r?\n--/i.exec(raw);
  const body = match?.[1] ?? '';
  const qp = /Content-Type: text\/plain[^]*?Content-Transfer-Encoding: quoted-printable/i.test(raw);
  if (!qp) return body;
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** `read()` again every 50 ms until `done` says so, or `ms` passed; the last value either way. */
export async function until<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  ms = 15_000,
) {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

/** A loopback port nothing listens on (now): connections to it are refused. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
