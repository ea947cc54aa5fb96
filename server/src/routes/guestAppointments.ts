import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Appointment, MoveAppointmentBody } from '../../../contract/appointments';
import { GUEST_KEY_HEADER, GuestCheckoutParams, GuestKeyHeaders } from '../../../contract/guests';
import { cancelAppointment, moveAppointment, viewOf } from '../appointments/appointmentChanges';
import { calendarOf } from '../appointments/appointmentCalendar';
import { lastAppointmentOfCheckout } from '../appointments/appointmentTable';
import { appointmentWords } from '../appointments/appointmentWords';
import type { Db } from '../db/client';
import { failures, publicCall, withExample } from '../docs/describe';
import { NotFound } from '../domainErrors';
import { guestIdentity } from '../guests/guestBuyers';
import { checkoutOfKey } from '../guests/guestLinks';
import type { PaymentProvider } from '../payments/provider';
import { fittingLinesRefund } from '../refunds/fittingLinesRefund';
import { CalendarResponse, sendCalendar } from './calendarReply';

type Opened = Pick<FastifyRequest, 'headers' | 'ip' | 'method' | 'url'> & {
  params: { id: string };
};

/**
 * A guest's fitting appointment, by the key of the checkout's link (issue 48): its calendar file,
 * moving it and cancelling it, with the account's rules (the same deadline, the same slots).
 */
export const guestAppointmentRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  paymentProvider: PaymentProvider;
}> = async (app, { db, paymentProvider }) => {
  const refundFittingLines = fittingLinesRefund(db, paymentProvider);
  const tags = ['guests'];

  /** The appointment the key's checkout booked, and its owner as the rules see them. */
  async function appointmentOf(request: Opened) {
    const key = String(request.headers[GUEST_KEY_HEADER] ?? '');
    const { checkout, email } = await checkoutOfKey(db, request.params.id, key);
    const row = await lastAppointmentOfCheckout(db, checkout.id);
    if (!row) throw new NotFound(appointmentWords.notFound);
    const owner = guestIdentity(checkout.userId, email, {
      address: request.ip,
      call: `${request.method} ${request.url.split('?')[0]}`,
    });
    return { row, owner };
  }

  const schema = (operationId: string, summary: string) => ({
    operationId,
    summary,
    tags,
    security: publicCall,
    headers: GuestKeyHeaders,
    params: GuestCheckoutParams,
  });

  app.get(
    '/guest/checkout/:id/appointment.ics',
    {
      schema: {
        ...schema('getGuestAppointmentCalendar', 'A guest checkout’s fitting appointment as .ics'),
        response: { 200: CalendarResponse, ...failures(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { row } = await appointmentOf(request);
      return sendCalendar(reply, await calendarOf(db, row));
    },
  );

  app.patch(
    '/guest/checkout/:id/appointment',
    {
      schema: {
        ...schema(
          'moveGuestAppointment',
          'Move a guest checkout’s appointment to another free time at its centre, up to the deadline',
        ),
        body: withExample(MoveAppointmentBody, { startsAt: '2026-12-02T15:00:00.000Z' }),
        response: { 200: Appointment, ...failures(400, 401, 404, 409, 429) },
      },
    },
    async (request) => {
      const { row, owner } = await appointmentOf(request);
      const startsAt = new Date(request.body.startsAt);
      return viewOf(db, await moveAppointment(db, owner, row.id, startsAt));
    },
  );

  app.post(
    '/guest/checkout/:id/appointment/cancel',
    {
      schema: {
        ...schema(
          'cancelGuestAppointment',
          'Cancel a guest checkout’s appointment, up to the deadline (the tyres stay ordered; paid fitting lines are refunded)',
        ),
        response: { 200: Appointment, ...failures(400, 401, 404, 409, 429) },
      },
    },
    async (request) => {
      const { row, owner } = await appointmentOf(request);
      return viewOf(db, await cancelAppointment(db, owner, row.id, refundFittingLines));
    },
  );
};
