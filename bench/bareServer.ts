/**
 * The physical limit for `GET /api/product` on this machine: a bare Node `http` server that
 * answers every request with the bytes and headers the API sent for the catalogue, and does
 * nothing else. Run as its own process, like the API, so both get the same share of the CPU.
 *
 *   node --import tsx bench/bareServer.ts <response.json> <port>
 */
import fs from 'node:fs';
import http from 'node:http';

const [file, port] = process.argv.slice(2);
const saved = JSON.parse(fs.readFileSync(file!, 'utf8')) as {
  headers: Record<string, string>;
  body: string;
};
const body = Buffer.from(saved.body);

http
  .createServer((_request, response) => {
    response.writeHead(200, { ...saved.headers, 'content-length': body.length });
    response.end(body);
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'));
