import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common';

/**
 * The store's emails as admins see them (issue 31): what was sent to whom, and why one was not.
 * Never the email's body: the list is for finding what failed and sending it again.
 */

export const EMAIL_STATUSES = ['failed', 'queued', 'sent'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const EMAIL_KIND_NAMES = [
  'order_confirmation',
  'admin_to_ship',
  'order_shipped',
  'order_delivered',
  'order_cancelled',
  'refund_issued',
  'return_received',
  'admin_refund_failed',
  'fitting_reminder',
  'guest_order_link',
] as const;

/** Emails on a page unless asked otherwise, and at most. */
export const EMAIL_PAGE = { size: 20, max: 100 } as const;

const DateTime = Type.String({ format: 'date-time' });
const orNull = <T extends ReturnType<typeof Type.String>>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description });

export const EmailSummary = Type.Object(
  {
    id: Id,
    kind: Type.Union(
      EMAIL_KIND_NAMES.map((kind) => Type.Literal(kind)),
      { description: 'What the email tells' },
    ),
    orderId: Type.Union([Id, Type.Null()], { description: 'The order it is about' }),
    recipient: orNull(Type.String(), 'Its recipients, comma-separated; null until first rendered'),
    subject: orNull(Type.String(), 'Its subject; null until first rendered'),
    status: Type.Union(
      EMAIL_STATUSES.map((status) => Type.Literal(status)),
      { description: 'queued (to send or sending), sent, or failed (given up)' },
    ),
    attempts: Type.Integer({ minimum: 0, description: 'Sends tried since it was (re)queued' }),
    lastError: orNull(Type.String(), 'The SMTP server’s last answer or the connection error'),
    createdAt: Type.String({ format: 'date-time', description: 'When its change committed' }),
    sentAt: orNull(DateTime, 'When the SMTP server took it'),
  },
  { $id: 'EmailSummary' },
);
export type EmailSummary = Static<typeof EmailSummary>;

/** `GET /admin/emails`: a page of one status's emails, newest first. */
export const EmailListQuery = Type.Object(
  {
    status: Type.Optional(
      Type.Union(
        EMAIL_STATUSES.map((status) => Type.Literal(status)),
        { title: 'status', description: 'Which emails: failed unless given' },
      ),
    ),
    page: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1_000_000,
        title: 'page',
        description: 'The page, from 1',
      }),
    ),
    perPage: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: EMAIL_PAGE.max,
        title: 'perPage',
        description: `Emails on a page (${EMAIL_PAGE.size} unless given, at most ${EMAIL_PAGE.max})`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type EmailListQuery = Static<typeof EmailListQuery>;

export const EmailList = Type.Array(EmailSummary, {
  description: 'The page asked for, newest first',
  headers: {
    'X-Total-Count': Type.Integer({
      minimum: 0,
      description: 'How many emails of this status there are in all',
    }),
  },
});
export type EmailList = Static<typeof EmailList>;
