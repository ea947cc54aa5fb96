/**
 * The few pieces of the PostgreSQL wire protocol (v3) the embedded database server needs:
 * framing the client's messages, giving each connection its own prepared-statement names, and
 * reading the server's answers for notifications and the transaction status.
 * https://www.postgresql.org/docs/current/protocol-message-formats.html
 */

/** Codes of the untyped first message a client sends. */
export const SSL_REQUEST = 80877103;
export const GSSENC_REQUEST = 80877104;
export const CANCEL_REQUEST = 80877102;
export const PROTOCOL_3 = 196608;

/** A message of the client: its type byte and the whole message (type, length and body). */
export interface FrontendMessage {
  type: string;
  bytes: Buffer;
}

/**
 * Splits `buffer` into whole typed messages; what is left is an incomplete message still
 * arriving. Throws on a length no message can have, or over `maxBytes`.
 */
export function splitMessages(
  buffer: Buffer,
  maxBytes: number,
): { messages: FrontendMessage[]; rest: Buffer } {
  const messages: FrontendMessage[] = [];
  let at = 0;
  while (buffer.length - at >= 5) {
    const length = buffer.readInt32BE(at + 1);
    if (length < 4 || length > maxBytes) throw new Error(`message length ${length} out of range`);
    if (buffer.length - at < 1 + length) break;
    messages.push({
      type: String.fromCharCode(buffer[at]!),
      bytes: buffer.subarray(at, at + 1 + length),
    });
    at += 1 + length;
  }
  return { messages, rest: buffer.subarray(at) };
}

/**
 * A connection's bytes made into whole messages. The pieces of a large message are kept apart
 * until its last byte arrives and joined once then (joining at every piece would copy a 20 MB
 * message hundreds of times while it arrives).
 */
export class MessageReader {
  private pieces: Buffer[] = [];
  private buffered = 0;
  /** How many bytes must be here before a message can be whole: its header, or all of it. */
  private needed = 5;

  /** The largest message taken; may be raised (once a client signed in). */
  constructor(public maxBytes: number) {}

  /** Bytes of a message still arriving. */
  get arriving(): number {
    return this.buffered;
  }

  push(chunk: Buffer): FrontendMessage[] {
    this.pieces.push(chunk);
    this.buffered += chunk.length;
    if (this.buffered < this.needed) return [];
    const all = this.pieces.length === 1 ? chunk : Buffer.concat(this.pieces, this.buffered);
    const { messages, rest } = splitMessages(all, this.maxBytes);
    // A copy: the rest is at most a piece, `all` may be a whole large message.
    this.pieces = rest.length > 0 ? [Buffer.from(rest)] : [];
    this.buffered = rest.length;
    this.needed = rest.length >= 5 ? 1 + rest.readInt32BE(1) : 5;
    return messages;
  }
}

export function message(type: string, body: Buffer = Buffer.alloc(0)): Buffer {
  const out = Buffer.alloc(5 + body.length);
  out.write(type, 0, 'latin1');
  out.writeInt32BE(4 + body.length, 1);
  body.copy(out, 5);
  return out;
}

const cstring = (text: string) => Buffer.from(`${text}\0`, 'utf8');

/** Reads the NUL-terminated string at `at`; returns it and where the next field starts. */
function readCString(body: Buffer, at: number): [string, number] {
  const end = body.indexOf(0, at);
  if (end < 0) throw new Error('unterminated string in a message');
  return [body.toString('utf8', at, end), end + 1];
}

export function errorResponse(severity: 'ERROR' | 'FATAL', code: string, text: string): Buffer {
  return message(
    'E',
    Buffer.concat([
      cstring(`S${severity}`),
      cstring(`V${severity}`),
      cstring(`C${code}`),
      cstring(`M${text}`),
      Buffer.from([0]),
    ]),
  );
}

export const readyForQuery = (status: 'I' | 'T' | 'E') => message('Z', Buffer.from(status));

/** What a new connection is told after its startup message: signed in, settings, ready. */
export function startupAnswer(settings: Record<string, string>, processId: number): Buffer {
  const parts = [message('R', Buffer.from([0, 0, 0, 0]))];
  for (const [name, value] of Object.entries(settings)) {
    parts.push(message('S', Buffer.concat([cstring(name), cstring(value)])));
  }
  const key = Buffer.alloc(8);
  key.writeInt32BE(processId, 0);
  key.writeInt32BE(0, 4);
  parts.push(message('K', key), readyForQuery('I'));
  return Buffer.concat(parts);
}

/**
 * The same message with every named prepared statement and portal given this connection's
 * prefix: the connections share one PostgreSQL session, where names would otherwise collide.
 * Unnamed ones stay unnamed (a connection runs its batch alone, so they cannot mix).
 * Returns the statement a Parse creates or a Close drops, to clean up when the connection ends.
 */
export function withOwnNames(
  msg: FrontendMessage,
  prefix: string,
): { bytes: Buffer; parsed?: string; closed?: string } {
  const body = msg.bytes.subarray(5);
  const own = (name: string) => (name === '' ? '' : `${prefix}${name}`);
  switch (msg.type) {
    case 'P': {
      const [name, next] = readCString(body, 0);
      if (name === '') return { bytes: msg.bytes };
      const renamed = own(name);
      return {
        bytes: message('P', Buffer.concat([cstring(renamed), body.subarray(next)])),
        parsed: renamed,
      };
    }
    case 'B': {
      const [portal, afterPortal] = readCString(body, 0);
      const [statement, next] = readCString(body, afterPortal);
      if (portal === '' && statement === '') return { bytes: msg.bytes };
      return {
        bytes: message(
          'B',
          Buffer.concat([cstring(own(portal)), cstring(own(statement)), body.subarray(next)]),
        ),
      };
    }
    case 'E': {
      const [portal, next] = readCString(body, 0);
      if (portal === '') return { bytes: msg.bytes };
      return { bytes: message('E', Buffer.concat([cstring(own(portal)), body.subarray(next)])) };
    }
    case 'D':
    case 'C': {
      const kind = body.subarray(0, 1);
      const [name] = readCString(body, 1);
      if (name === '') return { bytes: msg.bytes };
      const renamed = own(name);
      return {
        bytes: message(msg.type, Buffer.concat([kind, cstring(renamed)])),
        closed: msg.type === 'C' && kind.toString() === 'S' ? renamed : undefined,
      };
    }
    default:
      return { bytes: msg.bytes };
  }
}

/** The text of a simple Query message. */
export function queryText(msg: FrontendMessage): string {
  return readCString(msg.bytes.subarray(5), 0)[0];
}

export const simpleQuery = (text: string) => message('Q', cstring(text));

/** `LISTEN x` / `UNLISTEN x` alone in a simple query: the channel, as PostgreSQL names it. */
export function listenCommand(text: string): { listen: boolean; channel: string } | null {
  const match = /^\s*(un)?listen\s+("(?:[^"]|"")+"|[a-z_][\w$]*)\s*;?\s*$/i.exec(text);
  if (!match) return null;
  const raw = match[2]!;
  const channel = raw.startsWith('"') ? raw.slice(1, -1).replace(/""/g, '"') : raw.toLowerCase();
  return { listen: !match[1], channel };
}

/** The server's answer split into notifications (for their listeners) and the rest. */
export interface ScannedAnswer {
  /** Everything but the notifications, for the connection that asked. */
  reply: Buffer;
  notifications: Array<{ channel: string; bytes: Buffer }>;
  /** The status of the last ReadyForQuery: I idle, T in a transaction, E in a failed one. */
  status: 'I' | 'T' | 'E' | null;
}

export function scanAnswer(answer: Uint8Array): ScannedAnswer {
  const buffer = Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength);
  const notifications: ScannedAnswer['notifications'] = [];
  const kept: Buffer[] = [];
  let status: ScannedAnswer['status'] = null;
  let keptFrom = 0;
  let at = 0;
  while (at + 5 <= buffer.length) {
    const type = buffer[at];
    const end = at + 1 + buffer.readInt32BE(at + 1);
    if (type === 0x5a /* Z */) status = String.fromCharCode(buffer[at + 5]!) as 'I' | 'T' | 'E';
    if (type === 0x41 /* A */) {
      // Body: process id (int32), channel, payload.
      const [channel] = readCString(buffer.subarray(at + 5, end), 4);
      notifications.push({ channel, bytes: Buffer.from(buffer.subarray(at, end)) });
      kept.push(buffer.subarray(keptFrom, at));
      keptFrom = end;
    }
    at = end;
  }
  kept.push(buffer.subarray(keptFrom));
  const reply = notifications.length === 0 ? Buffer.from(buffer) : Buffer.concat(kept);
  return { reply, notifications, status };
}
