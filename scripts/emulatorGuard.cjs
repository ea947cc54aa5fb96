/**
 * Preloaded (`node --require`) into the Firebase Auth emulator that `npm start` runs: a guard in
 * front of every HTTP server of that process (the emulator, its hub, its logging server).
 *
 * The emulator answers any web origin in CORS, keeps passwords in clear and obeys
 * `Authorization: Bearer owner`; its hub exports to any path it is given (deleting the path
 * first), refusing a browser's request only after doing it. Any website open in a browser on the
 * machine could reach all of it on loopback. So a request is served only when
 * - its Host is this machine's loopback name with the server's own port (a website that rebinds
 *   its DNS name to 127.0.0.1 still sends its own name), and
 * - it carries no Origin (a program on the machine, which the emulator trusts as Firebase's
 *   does), or one of the store's own origins (`STORE_ORIGINS`, comma-separated).
 * Anything else gets 403 before the emulator sees it: no CORS headers, nothing done.
 *
 * The embedded mailbox (maildev, `scripts/mailbox.ts`) has it too: its web inbox answers any
 * origin in CORS, with every email the store sent; there `GUARD_SUBJECT` names it in the refusal.
 */
'use strict';
// A CommonJS file Node preloads as it is: no TypeScript, no import syntax.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const http = require('node:http');

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];
const storeOrigins = new Set(
  (process.env.STORE_ORIGINS || '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean),
);

function allowed(req) {
  const port = req.socket.localPort;
  const host = String(req.headers.host || '').toLowerCase();
  if (!LOOPBACK_NAMES.some((name) => host === `${name}:${port}`)) return false;
  const origin = req.headers.origin;
  return origin === undefined || storeOrigins.has(origin);
}

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function guardedEmit(event, req, resOrSocket) {
  if ((event === 'request' || event === 'upgrade') && !allowed(req)) {
    if (event === 'request') {
      resOrSocket.writeHead(403, { 'content-type': 'application/json', connection: 'close' });
      resOrSocket.end(
        JSON.stringify({
          error: {
            code: 403,
            message:
              `${process.env.GUARD_SUBJECT || 'The embedded identity provider'} answers ` +
              "programs on this machine and the store's own pages only.",
          },
        }),
      );
    } else {
      resOrSocket.destroy();
    }
    return true;
  }
  return emit.apply(this, arguments);
};
