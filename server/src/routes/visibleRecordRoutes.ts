import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { identityOf, type Guards, type Identity } from '../auth/guards';
import type { CheckoutParams, PayCheckoutBody } from '../../../contract/checkout';
import { IdParams } from '../../../contract/common';
import type { PayOrderBody } from '../../../contract/orders';
import { failures, signedIn, withExample } from '../docs/describe';

/**
 * The app without TypeBox's inference: the answer's schema is the caller's, which it cannot
 * follow through a generic, so each route names its request's types itself.
 */
type App = FastifyInstance;

/**
 * One record a signed-in caller reaches by id (an order, a checkout, an appointment): `load`
 * gives it if the caller may see it (auth/visibleRecord.ts), else refuses (404 none, 403
 * someone else's), so each route of it answers the same refusals.
 */
export interface VisibleRecord<Row, Answer extends TSchema> {
  /** The route's path, with `:id`. */
  url: string;
  tags: string[];
  /** The `:id` as the API document labels it. */
  params?: typeof IdParams | typeof CheckoutParams;
  answer: Answer;
  load: (caller: Identity, id: string) => Promise<Row>;
}

/** What the API document says of one route. */
interface Described {
  operationId: string;
  summary: string;
}

/** The schema's part that both routes share: the words, who may call, the id. */
function describedAs<Row>(record: VisibleRecord<Row, TSchema> & Described) {
  const { operationId, summary, tags, params = IdParams } = record;
  return { operationId, summary, tags, security: signedIn, params };
}

/** `GET url`: the record, as the caller sees it. */
export function readRoute<Row, Answer extends TSchema>(
  app: App,
  guards: Guards,
  record: VisibleRecord<Row, Answer> & Described & { view: (row: Row) => Promise<Static<Answer>> },
) {
  const { url, answer, load, view } = record;
  app.get<{ Params: IdParams }>(
    url,
    {
      preValidation: guards.requireUser,
      schema: {
        ...describedAs(record),
        response: { 200: answer, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => view(await load(identityOf(request), request.params.id)),
  );
}

/**
 * `PATCH url`: records the card payment of the record (`pay`: checked with the payment provider,
 * 402 when it did not go through, 409 when the record cannot be paid so), answered as it is then.
 */
export function payRoute<Row, Answer extends TSchema>(
  app: App,
  guards: Guards,
  record: VisibleRecord<Row, Answer> &
    Described & {
      body: typeof PayOrderBody | typeof PayCheckoutBody;
      pay: (row: Row, transactionId: string) => Promise<Static<Answer>>;
    },
) {
  const { url, answer, load, pay } = record;
  app.patch<{ Params: IdParams; Body: PayCheckoutBody }>(
    url,
    {
      preValidation: guards.requireUser,
      schema: {
        ...describedAs(record),
        body: withExample(record.body, { transactionId: 'pi_3PqExample0001' }),
        response: { 200: answer, ...failures(400, 401, 402, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const row = await load(identityOf(request), request.params.id);
      return pay(row, request.body.transactionId);
    },
  );
}
