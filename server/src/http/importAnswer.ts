import type { FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough } from 'node:stream';
import type { ImportProgress } from '../../../contract/productChanges';
import { errorBody } from './errors';

/**
 * How a CSV import (the catalogue's, the car fitments') answers: its report as JSON, or, for a
 * client that accepts `application/x-ndjson`, a line of progress per batch and the report last,
 * so the admin's page shows how far it got. `finish` runs on the report before it is sent (the
 * process's own caches are refreshed there); a failure after the first line is a last line in
 * words, logged as `what`.
 */
export async function answerImport<Report extends { dryRun: boolean }>(
  request: FastifyRequest,
  reply: FastifyReply,
  {
    total,
    dryRun,
    run,
    finish,
    what,
  }: {
    total: number;
    dryRun: boolean;
    run: (onProgress?: (progress: ImportProgress) => void) => Promise<Report>;
    finish: (report: Report) => Report;
    what: string;
  },
): Promise<Report | FastifyReply> {
  if (!request.headers.accept?.includes('application/x-ndjson')) return finish(await run());
  const out = new PassThrough();
  const line = (value: object) => out.write(`${JSON.stringify(value)}\n`);
  line({ progress: { phase: dryRun ? 'checking' : 'storing', done: 0, total } });
  run((progress) => line({ progress })).then(
    (report) => out.end(`${JSON.stringify({ report: finish(report) })}\n`),
    (error: unknown) => {
      request.log.error({ err: error }, `${what} failed`);
      out.end(
        `${JSON.stringify({ error: errorBody(500, 'Something went wrong on our side. Please try again.') })}\n`,
      );
    },
  );
  return reply
    .type('application/x-ndjson; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(out);
}
