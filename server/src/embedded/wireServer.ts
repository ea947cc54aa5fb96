/**
 * PGlite served over the PostgreSQL wire protocol, so API processes reach the embedded database
 * with `pg` exactly as they reach PostgreSQL.
 *
 * PGlite is one PostgreSQL session. Many client connections share it safely because this
 * server hands it to one connection at a time for whole units of work: a simple query, or an
 * extended-protocol batch up to its Sync, and, once a transaction is open, everything that
 * connection sends until the transaction ends. Messages are only ever passed on whole. On top
 * of that, each connection gets its own prepared-statement names, LISTEN is kept per connection
 * (notifications reach every listener, not the session that caused them), and a transaction
 * left idle is rolled back and its connection closed, so one stuck client cannot stall the
 * store. (@electric-sql/pglite-socket interleaves connections message by message; see
 * docs/pglite-socket-spike.md for what that breaks.)
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
  queryText,
  scanAnswer,
  simpleQuery,
  startupAnswer,
  withOwnNames,
  type FrontendMessage,
} from './protocol';

export interface WireServerOptions {
  db: PGlite;
  /** Open transactions that wait longer than this for their client are rolled back. */
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
  /** Its messages, from the bytes after the startup message. */
  reader: MessageReader;
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

  const connections = new Set<Connection>();
  /** Connections with work, in arrival order. */
  const queue: Connection[] = [];
  /** The connection whose transaction (or unfinished batch) holds the session. */
  let holder: Connection | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
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
          // The holder's transaction waits for its client.
          armIdleTimer(conn);
          return;
        }
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

  function armIdleTimer(conn: Connection) {
    if (idleTimer) return;
    idleTimer = setTimeout(() => {
      idleTimer = null;
      if (holder !== conn || conn.pending.length > 0) return;
      problem(`connection ${conn.id} idle in a transaction: rolled back and closed`);
      conn.socket.end(
        errorResponse(
          'FATAL',
          '25P03',
          'terminating connection due to idle-in-transaction timeout',
        ),
      );
      close(conn);
    }, idleInTransactionMs);
  }

  function disarmIdleTimer() {
    if (idleTimer) clearTimeout(idleTimer);
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
    conn.socket.write(startupAnswer(settings!, conn.id));
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
    for (const msg of messages) {
      if (msg.type === 'X') {
        close(conn);
        conn.socket.end();
        return;
      }
      conn.pending.push(msg);
    }
    if (messages.length > 0) enqueue(conn);
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
      reader: new MessageReader(maxMessageBytes),
      pending: [],
      listening: new Set(),
      statements: new Set(),
      closed: false,
    };
    connections.add(conn);
    // Chunks are handled in order: a startup answer is written before any later reply.
    let receiving = Promise.resolve();
    socket.on('data', (chunk) => {
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
        closed: holder.closed,
        inTransaction: db.isInTransaction(),
      },
      queue: queue.map((c) => ({ id: c.id, pending: c.pending.map((m) => m.type).join('') })),
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
