import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { assertRunsCentre, runsCentre } from '../auth/centreScope';
import { identityOf, type Guards } from '../auth/guards';
import { FittingCentres } from '../../../contract/fittingCentres';
import {
  Appointment,
  Appointments,
  FitterDay,
  FitterDayQuery,
  FitterMarkBody,
  MoveAppointmentBody,
  SlotQuery,
  Slots,
} from '../../../contract/appointments';
import { IdParams } from '../../../contract/common';
import type { Db } from '../db/client';
import { failures, publicCall, signedIn, withExample } from '../docs/describe';
import { NotFound } from '../domainErrors';
import {
  cancelAppointment,
  moveAppointment,
  viewOf,
  visibleAppointment,
} from '../appointments/appointmentChanges';
import { calendarOf } from '../appointments/appointmentCalendar';
import { appointmentsOf } from '../appointments/appointmentTable';
import { slotsOfCentre } from '../appointments/booking';
import { fitterDay, markByFitter } from '../appointments/fitterDay';
import { listCentres } from '../fittingCentres/centreTable';
import { centreWords } from '../fittingCentres/centreWords';
import type { PaymentProvider } from '../payments/provider';
import { fittingLinesRefund } from '../refunds/fittingLinesRefund';
import { CalendarResponse, sendCalendar } from './calendarReply';
import { readRoute } from './visibleRecordRoutes';

/**
 * Fitting appointments: a centre's free slots for a job, the shopper's appointments (moved or
 * cancelled up to the deadline), and the fitter's day at the centres the caller runs.
 */
export const appointmentRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  guards: Guards;
  paymentProvider: PaymentProvider;
}> = async (app, { db, guards, paymentProvider }) => {
  const refundFittingLines = fittingLinesRefund(db, paymentProvider);
  app.get(
    '/fitting-centres/:id/slots',
    {
      schema: {
        operationId: 'listFittingSlots',
        summary:
          "A centre's free times for a job, day by day from the day the tyres can be there (each empty day says why)",
        tags: ['bag'],
        security: publicCall,
        params: IdParams,
        querystring: SlotQuery,
        response: { 200: Slots, ...failures(400, 404) },
      },
    },
    async (request, reply) => {
      const productIds = request.query.products?.split(',') ?? [];
      const slots = await slotsOfCentre(db, request.params.id, { ...request.query, productIds });
      if (!slots) throw new NotFound(centreWords.notFound);
      // Slots go as shoppers book: never kept by a cache.
      reply.header('cache-control', 'no-store');
      return slots;
    },
  );

  app.get(
    '/appointments',
    {
      preValidation: guards.requireUser,
      schema: {
        operationId: 'listMyAppointments',
        summary: 'Your fitting appointments to come (and of the last week), soonest first',
        tags: ['bag'],
        security: signedIn,
        response: { 200: Appointments, ...failures(401) },
      },
    },
    async (request) => {
      const rows = await appointmentsOf(db, identityOf(request).userId);
      return Promise.all(rows.map((row) => viewOf(db, row)));
    },
  );

  readRoute(app, guards, {
    url: '/appointments/:id',
    operationId: 'getAppointment',
    summary: 'One of your fitting appointments',
    tags: ['bag'],
    answer: Appointment,
    load: (caller, id) => visibleAppointment(db, caller, id),
    view: (row) => viewOf(db, row),
  });

  app.get(
    '/appointments/:id/calendar.ics',
    {
      preValidation: guards.requireUser,
      schema: {
        operationId: 'getAppointmentCalendar',
        summary: 'One of your fitting appointments as a calendar file (.ics)',
        tags: ['bag'],
        security: signedIn,
        params: IdParams,
        response: { 200: CalendarResponse, ...failures(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const row = await visibleAppointment(db, identityOf(request), request.params.id);
      return sendCalendar(reply, await calendarOf(db, row));
    },
  );

  app.patch(
    '/appointments/:id',
    {
      preValidation: guards.requireUser,
      schema: {
        operationId: 'moveAppointment',
        summary:
          'Move your appointment to another free time at the same centre, up to the deadline',
        tags: ['bag'],
        security: signedIn,
        params: IdParams,
        body: withExample(MoveAppointmentBody, { startsAt: '2026-12-02T15:00:00.000Z' }),
        response: { 200: Appointment, ...failures(400, 401, 404, 409, 429) },
      },
    },
    async (request) => {
      const row = await moveAppointment(
        db,
        identityOf(request),
        request.params.id,
        new Date(request.body.startsAt),
      );
      return viewOf(db, row);
    },
  );

  app.post(
    '/appointments/:id/cancel',
    {
      preValidation: guards.requireUser,
      schema: {
        operationId: 'cancelAppointment',
        summary:
          'Cancel your appointment, up to the deadline (the tyres stay ordered; paid fitting lines are refunded)',
        tags: ['bag'],
        security: signedIn,
        params: IdParams,
        response: { 200: Appointment, ...failures(400, 401, 404, 409, 429) },
      },
    },
    async (request) =>
      viewOf(
        db,
        await cancelAppointment(db, identityOf(request), request.params.id, refundFittingLines),
      ),
  );

  app.get(
    '/fitting-centres/mine',
    {
      preValidation: guards.allow('fitting.run'),
      schema: {
        operationId: 'listMyFittingCentres',
        summary: 'The fitting centres whose day you run (all of them for a fitter of every centre)',
        tags: ['bag'],
        security: signedIn,
        response: { 200: FittingCentres, ...failures(401, 403) },
      },
    },
    async (request) => {
      const caller = identityOf(request);
      return (await listCentres(db)).filter((centre) => runsCentre(caller, centre._id));
    },
  );

  app.get(
    '/fitting-centres/:id/day',
    {
      preValidation: guards.allow('fitting.run'),
      schema: {
        operationId: 'getFitterDay',
        summary:
          "A centre's appointments of a few days, by time: today and tomorrow unless asked (its fitters)",
        tags: ['bag'],
        security: signedIn,
        params: IdParams,
        querystring: FitterDayQuery,
        response: { 200: FitterDay, ...failures(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      assertRunsCentre(identityOf(request), request.params.id);
      reply.header('cache-control', 'no-store');
      return fitterDay(db, request.params.id, request.query);
    },
  );

  app.post(
    '/appointments/:id/status',
    {
      preValidation: guards.allow('fitting.run'),
      schema: {
        operationId: 'markAppointment',
        summary:
          'Mark an appointment arrived, fitted (the order is delivered) or no-show (its centre’s fitters)',
        tags: ['bag'],
        security: signedIn,
        params: IdParams,
        body: withExample(FitterMarkBody, { status: 'arrived' }),
        response: { 200: Appointment, ...failures(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const caller = identityOf(request);
      await markByFitter(db, caller, request.params.id, request.body.status);
      return viewOf(db, await visibleAppointment(db, caller, request.params.id));
    },
  );
};
