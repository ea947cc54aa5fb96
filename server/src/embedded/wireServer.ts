/**
 * PGlite served over the PostgreSQL wire protocol, so API processes reach the embedded database
 * with `pg` exactly as they reach PostgreSQL.
 *
 * PGlite is one PostgreSQL session. Many client connections share it safely because this
 * server hands it to one connection at a time for whole units of work: a simple query, or an
 * extended-protocol batch up to its Sync, and, once a transaction is open, everything that
 * connection sends until the transaction ends. Messages are only ever passed on whole, and a
 * connection that is still sending its batch (a large Bind arriving) waits for the rest before
 * it takes the session. On top of that, each connection gets its own prepared-statement names,
 * LISTEN is kept per connection (notifications reach every listener, not the session that
 * caused them), and a transaction (or a batch before its Sync) whose client has sent nothing
 * for a while is rolled back and its connection closed, so one stuck client cannot stall the
 * store; a client still sending, however slowly, is not idle. (@electric-sql/pglite-socket
 * interleaves connections message by message; see docs/pglite-socket-spike.md for what that
 * breaks.)
 *
 * Every client proves it knows the store's password first (SCRAM-SHA-256, as PostgreSQL asks:
 * the password never crosses the connection). A wrong or missing one is refused with
 * PostgreSQL's 28P01 and the connection closed before anything reaches the session; until then
 * a client's messages are small (SIGN_IN_MESSAGE_BYTES), so nobody buffers 128 MB unsigned.
 */
import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import {
  CANCEL_REQUEST,
  GSSENC_REQUEST,
  MessageReader,
  PROTOCOL_3,
  SSL_REQUEST,
  errorResponse,
  listenCommand,
  message,
  queryText,
  scanAnswer,
  simpleQuery,
  startupAnswer,
  withOwnNames,
  type FrontendMessage,
} from './protocol';
import { SCRAM_SHA_256, ScramExchange, scramVerifier } from './scram';

/** The largest message a client may send before it has proved the password. */
const SIGN_IN_MESSAGE_BYTES = 8 * 1024;

export interface WireServerOptions {
  db: PGlite;
  /** The password every client must prove it knows (see databaseSecret.ts). */
  password: string;
  /** A client that has not proved it within this time is disconnected. */
  authenticationMs?: number;
  /**
   * Open transactions (and batches before their Sync) whose client sends nothing for this long
   * are rolled back, and the connection closed.
   */
  idleInTransactionMs?: number;
  maxConnections?: number;
  /** The largest message a client may send. */
  maxMessageBytes?: number;
  /** Called with what went wrong inside the server (never with a client's SQL error). */
  onProblem?: (text: string) => void;
}

interface Connection {
  id: number;
  socket: net.Socket;
  /** Bytes before the startup message is whole. */
  startup: Buffer;
  started: boolean;
  /** The user its startup message named (for the refusal's words). */
  user: string;
  /** Its password exchange, once begun; `authenticated` once it proved the password. */
  scram: ScramExchange | null;
  authenticated: boolean;
  /** Its messages, from the bytes after the startup message. */
  reader: MessageReader;
  /** When its last byte arrived (performance.now()). */
  lastByteAt: number;
  /** Whole messages waiting for their turn. */
  pending: FrontendMessage[];
  listening: Set<string>;
  statements: Set<string>;
  closed: boolean;
}

export interface WireServer {
  server: net.Server;
  listen(port: number, host: string): Promise<number>;
  close(): Promise<void>;
  /** Who holds the session and who waits: for an operator looking at a stuck database. */
  state(): Record<string, unknown>;
}

export function createWireServer(options: WireServerOptions): WireServer {
  const { db } = options;
  const idleInTransactionMs = options.idleInTransactionMs ?? 15_000;
  const maxConnections = options.maxConnections ?? 100;
  const maxMessageBytes = options.maxMessageBytes ?? 128 * 1024 * 1024;
  const problem = options.onProblem ?? ((text) => console.error(`embedded database: ${text}`));
  // PostgreSQL allows a minute; half of it leaves room for a dump holding this process up.
  const authenticationMs = options.authenticationMs ?? 30_000;
  if (!options.password) throw new Error('the embedded database needs a password');
  const verifier = scramVerifier(options.password);

  const connections = new Set<Connection>();
  /** Connections with work, in arrival order. */
  const queue: Connection[] = [];
  /** The connection whose transaction (or unfinished batch) holds the session. */
  let holder: Connection | null = null;
  /** Times the holder while it has nothing for the session to run. */
  let idleTimer: { stop(): void } | null = null;
  /** When the holder began waiting for its client (performance.now()). */
  let waitingSince = 0;
  let running = false;
  /** Closing: the session goes with PGlite, nothing is cleaned up any more. */
  let stopped = false;
  let nextId = 1;
  let settings: Record<string, string> | null = null;

  /**
   * Read once, before the first connection: PGlite's own query API must never run while a
   * connection's batch is in PGlite (the two would interleave in the one session).
   */
  async function readSessionSettings() {
    const read = async (name: string) =>
      (await db.query<{ v: string }>(`select current_setting('${name}') as v`)).rows[0]!.v;
    settings = {
      server_version: await read('server_version'),
      server_encoding: 'UTF8',
      client_encoding: 'UTF8',
      DateStyle: await read('DateStyle'),
      TimeZone: await read('TimeZone'),
      integer_datetimes: 'on',
      standard_conforming_strings: 'on',
    };
    return settings;
  }

  function enqueue(conn: Connection) {
    if (conn !== holder && !queue.includes(conn)) queue.push(conn);
    if (!running) void run();
  }

  /**
   * Whether `conn` may take the session for its pending messages. Not while a message of its
   * batch is still arriving: it would hold everyone up until the rest came. Messages after which
   * a client may wait for an answer (Sync, Query, Flush, CopyDone, CopyFail) run at once.
   */
  function mayStart(conn: Connection): boolean {
    if (conn.pending.length === 0) return false;
    if (conn.reader.arriving === 0) return true;
    return conn.pending.some((m) => 'SQHcf'.includes(m.type));
  }

  /** The next unit of work of `conn`: up to and including its first Sync or Query. */
  function takeBatch(conn: Connection): FrontendMessage[] {
    const end = conn.pending.findIndex((m) => m.type === 'S' || m.type === 'Q');
    return conn.pending.splice(0, end < 0 ? conn.pending.length : end + 1);
  }

  /** The batch as PGlite gets it: own statement names, LISTEN bookkeeping. */
  function prepare(conn: Connection, batch: FrontendMessage[]): Buffer {
    const parts: Buffer[] = [];
    for (const msg of batch) {
      if (msg.type === 'Q') {
        const command = listenCommand(queryText(msg));
        if (command?.listen) conn.listening.add(command.channel);
        if (command && !command.listen) {
          conn.listening.delete(command.channel);
          // The session keeps listening while another connection still does.
          const stillHeard = [...connections].some((c) => c.listening.has(command.channel));
          if (stillHeard) {
            parts.push(simpleQuery(''));
            continue;
          }
        }
      }
      const renamed = withOwnNames(msg, `c${conn.id}_`);
      if (renamed.parsed) conn.statements.add(renamed.parsed);
      if (renamed.closed) conn.statements.delete(renamed.closed);
      parts.push(renamed.bytes);
    }
    return Buffer.concat(parts);
  }

  function deliver(notifications: ReturnType<typeof scanAnswer>['notifications']) {
    for (const note of notifications) {
      for (const conn of connections) {
        if (conn.listening.has(note.channel) && !conn.closed) conn.socket.write(note.bytes);
      }
    }
  }

  /** Leaves the session as a new connection would find it, after `conn` is gone. */
  async function cleanUp(conn: Connection) {
    const statements = [...conn.statements].map((name) => `deallocate "${name}"`);
    conn.statements.clear();
    const sql = [...(db.isInTransaction() ? ['rollback'] : []), ...statements].join(';');
    if (sql) scanAnswerOf(await db.execProtocolRaw(simpleQuery(sql)));
  }

  /** Only the notifications of an answer nobody waits for. */
  const scanAnswerOf = (answer: Uint8Array) => deliver(scanAnswer(answer).notifications);

  async function run() {
    running = true;
    try {
      for (;;) {
        if (stopped) return;
        const conn = holder ?? queue.shift();
        if (!conn) return;
        if (conn.closed) {
          if (holder === conn) holder = null;
          await cleanUp(conn).catch((err) => problem(`cleaning up: ${err}`));
          continue;
        }
        if (conn.pending.length === 0) {
          // The holder's transaction (or batch) waits for its client.
          armIdleTimer(conn);
          return;
        }
        // Taken up again when the message arriving is whole (receive() queues it then).
        if (conn !== holder && !mayStart(conn)) continue;
        disarmIdleTimer();
        const batch = takeBatch(conn);
        let answer;
        try {
          answer = scanAnswer(await db.execProtocolRaw(prepare(conn, batch)));
        } catch (err) {
          problem(`a batch failed: ${err instanceof Error ? err.message : err}`);
          conn.socket.end(errorResponse('FATAL', 'XX000', 'the embedded database failed'));
          conn.closed = true;
          connections.delete(conn);
          // Cleaned up next, before anyone else runs: its transaction may still be open.
          holder = conn;
          continue;
        }
        if (!conn.closed) conn.socket.write(answer.reply);
        deliver(answer.notifications);
        // No ReadyForQuery yet (a batch without Sync): the connection is mid-way and keeps the
        // session, as it does inside a transaction.
        holder = answer.status === 'I' ? null : conn;
        if (!holder && conn.pending.length > 0) queue.push(conn);
      }
    } finally {
      running = false;
    }
  }

  /**
   * Times the holder while it has nothing for the session to run: idle when nothing has arrived
   * for idleInTransactionMs, neither a whole message nor a byte of one (a large Bind arriving
   * slowly is not idle; the time counts from its last byte).
   */
  function armIdleTimer(conn: Connection) {
    if (idleTimer) return;
    waitingSince = performance.now();
    idleTimer = after(idleInTransactionMs, () => checkIdle(conn));
  }

  function after(ms: number, then: () => void) {
    const timer = setTimeout(then, ms);
    return { stop: () => clearTimeout(timer) };
  }

  function checkIdle(conn: Connection, late = false) {
    idleTimer = null;
    if (holder !== conn || conn.closed || conn.pending.length > 0) return;
    const quiet = performance.now() - Math.max(waitingSince, conn.lastByteAt);
    if (quiet < idleInTransactionMs) {
      idleTimer = after(Math.max(1, idleInTransactionMs - quiet), () => checkIdle(conn));
      return;
    }
    if (!late) {
      // Once more after the sockets have been read: when this process itself was held up (busy,
      // or starved of CPU), what its client sent meanwhile is still unread, and counts.
      const immediate = setImmediate(() => checkIdle(conn, true));
      idleTimer = { stop: () => clearImmediate(immediate) };
      return;
    }
    const where = db.isInTransaction() ? 'in a transaction' : 'in the middle of a batch';
    problem(
      `connection ${conn.id} idle ${where} for ${Math.round(quiet)} ms: rolled back and closed`,
    );
    conn.socket.end(
      errorResponse('FATAL', '25P03', 'terminating connection due to idle-in-transaction timeout'),
    );
    close(conn);
  }

  function disarmIdleTimer() {
    idleTimer?.stop();
    idleTimer = null;
  }

  function close(conn: Connection) {
    if (conn.closed) return;
    conn.closed = true;
    conn.pending = [];
    connections.delete(conn);
    if (holder === conn) disarmIdleTimer();
    // Its transaction and statements are undone in turn, like any other work.
    if (!stopped) enqueue(conn);
  }

  async function startUp(conn: Connection): Promise<boolean> {
    const buffer = conn.startup;
    if (buffer.length < 8) return false;
    const length = buffer.readInt32BE(0);
    if (length < 8 || length > 10_000) throw new Error('bad startup message');
    if (buffer.length < length) return false;
    const code = buffer.readInt32BE(4);
    conn.startup = buffer.subarray(length);
    if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
      conn.socket.write('N');
      return conn.startup.length > 0 && startUp(conn);
    }
    if (code === CANCEL_REQUEST) throw new Error('cancel requests are not supported');
    if (code !== PROTOCOL_3) throw new Error(`unsupported protocol ${code}`);
    conn.started = true;
    conn.user = startupParameter(buffer.subarray(8, length), 'user') ?? '';
    // AuthenticationSASL: the mechanisms this server takes, then an empty name.
    conn.socket.write(
      message('R', Buffer.concat([int32(10), cstring(SCRAM_SHA_256), cstring('')])),
    );
    return true;
  }

  /** Refuses a client that has not proved the password: 28P01, and the connection closed. */
  function refuse(conn: Connection) {
    conn.socket.end(
      errorResponse('FATAL', '28P01', `password authentication failed for user "${conn.user}"`),
    );
    close(conn);
  }

  /**
   * One message of a client that has not proved the password yet: its SASLInitialResponse (the
   * mechanism and the client-first-message), then its SASLResponse (the client-final-message with
   * the proof). Anything else, or a wrong proof, is refused. Returns whether it may go on.
   */
  function authenticate(conn: Connection, msg: FrontendMessage): boolean {
    if (msg.type !== 'p') {
      refuse(conn);
      return false;
    }
    const body = msg.bytes.subarray(5);
    let serverFinal: string | null;
    try {
      if (!conn.scram) {
        const end = body.indexOf(0);
        if (end < 0 || body.toString('utf8', 0, end) !== SCRAM_SHA_256) {
          refuse(conn);
          return false;
        }
        const length = body.readInt32BE(end + 1);
        const clientFirst = body.subarray(end + 5, end + 5 + Math.max(0, length));
        conn.scram = new ScramExchange(verifier);
        const serverFirst = conn.scram.first(clientFirst.toString('utf8'));
        // AuthenticationSASLContinue
        conn.socket.write(message('R', Buffer.concat([int32(11), Buffer.from(serverFirst)])));
        return true;
      }
      serverFinal = conn.scram.final(body.toString('utf8'));
      if (serverFinal === null) {
        refuse(conn);
        return false;
      }
    } catch {
      // A malformed exchange is a failed one.
      refuse(conn);
      return false;
    }
    conn.authenticated = true;
    conn.reader.maxBytes = maxMessageBytes;
    // AuthenticationSASLFinal, then AuthenticationOk, the settings, ready.
    conn.socket.write(
      Buffer.concat([
        message('R', Buffer.concat([int32(12), Buffer.from(serverFinal)])),
        startupAnswer(settings!, conn.id),
      ]),
    );
    return true;
  }

  async function receive(conn: Connection, chunk: Buffer) {
    if (!conn.started) {
      conn.startup = conn.startup.length ? Buffer.concat([conn.startup, chunk]) : chunk;
      if (!(await startUp(conn))) return;
      chunk = conn.startup;
      conn.startup = Buffer.alloc(0);
    }
    const messages = conn.reader.push(chunk);
    let queued = false;
    for (const msg of messages) {
      if (msg.type === 'X') {
        close(conn);
        conn.socket.end();
        return;
      }
      if (!conn.authenticated) {
        if (!authenticate(conn, msg)) return;
        continue;
      }
      conn.pending.push(msg);
      queued = true;
    }
    if (queued) enqueue(conn);
  }

  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    if (connections.size >= maxConnections) {
      socket.end(errorResponse('FATAL', '53300', 'sorry, too many clients already'));
      return;
    }
    const conn: Connection = {
      id: nextId++,
      socket,
      startup: Buffer.alloc(0),
      started: false,
      user: '',
      scram: null,
      authenticated: false,
      reader: new MessageReader(SIGN_IN_MESSAGE_BYTES),
      lastByteAt: performance.now(),
      pending: [],
      listening: new Set(),
      statements: new Set(),
      closed: false,
    };
    connections.add(conn);
    // A client that never proves the password does not keep its connection. Checked once more
    // after the sockets have been read: when this process was held up (a long batch, a dump),
    // what the client sent meanwhile is still unread, and counts.
    const signInCheck = (late: boolean) => {
      if (conn.authenticated || conn.closed) return;
      if (!late) {
        setImmediate(() => signInCheck(true));
        return;
      }
      socket.end(errorResponse('FATAL', '08P01', 'authentication took too long'));
      close(conn);
    };
    const authTimer = setTimeout(() => signInCheck(false), authenticationMs);
    authTimer.unref();
    socket.once('close', () => clearTimeout(authTimer));
    // Chunks are handled in order: a startup answer is written before any later reply.
    let receiving = Promise.resolve();
    socket.on('data', (chunk) => {
      // Activity, whether or not it makes a whole message: the idle timer counts from here.
      conn.lastByteAt = performance.now();
      receiving = receiving
        .then(() => (conn.closed ? undefined : receive(conn, chunk)))
        .catch((err) => {
          problem(`connection ${conn.id}: ${err instanceof Error ? err.message : err}`);
          socket.end(errorResponse('FATAL', '08P01', 'protocol violation'));
          close(conn);
        });
    });
    socket.on('error', () => close(conn));
    socket.on('close', () => close(conn));
  });

  return {
    server,
    listen: async (port, host) => {
      settings ??= await readSessionSettings();
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve((server.address() as net.AddressInfo).port));
      });
    },
    state: () => ({
      connections: connections.size,
      holder: holder && {
        id: holder.id,
        pending: holder.pending.map((m) => m.type).join(''),
        arriving: holder.reader.arriving,
        closed: holder.closed,
        inTransaction: db.isInTransaction(),
      },
      queue: queue.map((c) => ({ id: c.id, pending: c.pending.map((m) => m.type).join('') })),
      // Bytes of messages still arriving, on all connections.
      arriving: [...connections].reduce((sum, c) => sum + c.reader.arriving, 0),
      running,
      idleTimer: idleTimer !== null,
    }),
    close: async () => {
      stopped = true;
      disarmIdleTimer();
      for (const conn of connections) conn.socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      while (running) await new Promise((resolve) => setTimeout(resolve, 5));
    },
  };
}

const cstring = (text: string) => Buffer.from(`${text}\0`, 'utf8');

function int32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeInt32BE(value, 0);
  return out;
}

/** A parameter of a startup message's body (after its length and protocol): `name\0value\0…`. */
function startupParameter(body: Buffer, name: string): string | null {
  const parts = body.toString('utf8').split('\0');
  for (let i = 0; i + 1 < parts.length; i += 2) if (parts[i] === name) return parts[i + 1]!;
  return null;
}
