import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { refusals } from '../refusals';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { identityOf } from '../auth/guards';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { HttpError } from './errors';

/** The header a client sends with one form submission (the same value on every repeat of it). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
/** How long a repeat waits for the first request of its key to finish. */
const WAIT_MS = 10_000;
const POLL_MS = 50;
/** Keys are forgotten after a day: a form is not resubmitted later than that. */
const KEEP_HOURS = 24;
/**
 * Answers kept per account, the newest: a form is resubmitted within moments, so this bounds
 * what one account (at the write limit, a key a call) can make the database keep.
 */
export const KEPT_PER_ACCOUNT = 200;

/** A successful answer; only these are stored and replayed. */
export interface Answer<T, S extends number = number> {
  status: S;
  body: T;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Create calls run once per Idempotency-Key: the first request runs `create` and its answer
 * is stored; a repeat (a double-click that got through, a retry after a lost answer) waits for
 * the first to finish and gets the same answer, marked `Idempotent-Replayed: true`. A refusal
 * is not stored: the key is free again for the corrected form. The body is part of the call's
 * scope: one key sent again with another body is a 422, never the first answer. Without the
 * header a call just runs (the spec's clients send none).
 */
export function createIdempotency(db: Db) {
  let calls = 0;

  async function forgetOld() {
    await db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${KEEP_HOURS})`));
  }

  async function keepNewest(owner: string) {
    await db.execute(sql`
      delete from ${idempotencyKeys}
      where ${idempotencyKeys.owner} = ${owner} and ${idempotencyKeys.key} in (
        select ${idempotencyKeys.key} from ${idempotencyKeys}
        where ${idempotencyKeys.owner} = ${owner} and ${idempotencyKeys.status} is not null
        order by ${idempotencyKeys.createdAt} desc
        offset ${KEPT_PER_ACCOUNT})`);
  }

  async function once<T, S extends number>(
    request: FastifyRequest,
    reply: FastifyReply,
    scope: string,
    create: () => Promise<Answer<T, S>>,
  ): Promise<Answer<T, S>> {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return create();
    const key = Array.isArray(header) ? header[0] : header;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw new HttpError(
        400,
        'The Idempotency-Key header must be 8 to 128 letters, digits, dashes or underscores.',
      );
    }
    const owner = identityOf(request).userId;
    calls += 1;
    if (calls % 100 === 1) await forgetOld();
    const body = createHash('sha256')
      .update(JSON.stringify(request.body ?? {}))
      .digest('base64url')
      .slice(0, 16);
    const scoped = `${scope} ${body}`;

    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ owner, key, scope: scoped })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed) {
      try {
        const answer = await create();
        await db
          .update(idempotencyKeys)
          .set({ status: answer.status, body: answer.body as unknown })
          .where(and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, key)));
        await keepNewest(owner);
        return answer;
      } catch (error) {
        await db
          .delete(idempotencyKeys)
          .where(
            and(
              eq(idempotencyKeys.owner, owner),
              eq(idempotencyKeys.key, key),
              isNull(idempotencyKeys.status),
            ),
          );
        throw error;
      }
    }

    // A repeat: wait for the first request's answer and give it again.
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, key)));
      if (!row) return once(request, reply, scope, create); // the first was refused: run now
      if (row.scope !== scoped) {
        throw new HttpError(422, refusals.requests.keyReused);
      }
      if (row.status !== null) {
        reply.header('idempotent-replayed', 'true');
        return { status: row.status as S, body: row.body as T };
      }
      if (Date.now() > deadline) {
        throw new HttpError(409, refusals.requests.stillSending);
      }
      await sleep(POLL_MS);
    }
  }

  return { once };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
