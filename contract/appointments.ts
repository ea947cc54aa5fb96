import { CloneType, Type, type Static } from '@sinclair/typebox';
import { Id } from './common';
import { CalendarDate } from './fitting';
import { FittingCentre } from './fittingCentres';

/**
 * Fitting appointments (issue 48): a bay of a centre at a time, for a job whose length depends
 * on the tyres, offered only once the tyres can be at that centre.
 */

export const JOBS = ['pair', 'four', 'staggered'] as const;
export type Job = (typeof JOBS)[number];

/** How long a job keeps a bay, in minutes; TPMS service adds TPMS_MINUTES. */
export const JOB_MINUTES: Record<Job, number> = { pair: 30, four: 60, staggered: 75 };
export const TPMS_MINUTES = 15;
/** Slots start on the quarter hour. */
export const SLOT_STEP_MINUTES = 15;
/** A slot starts at least this long from now (the centre must see the booking). */
export const MIN_NOTICE_MINUTES = 60;
/** Days from a warehouse to a centre when the shop has set no lead time for the pair. */
export const DEFAULT_LEAD_DAYS = 2;
/** Up to how long before its start a shopper can move or cancel an appointment. */
export const CHANGE_DEADLINE_HOURS = 24;

export const jobMinutes = (job: Job, tpms: boolean) => JOB_MINUTES[job] + (tpms ? TPMS_MINUTES : 0);

export const APPOINTMENT_STATUSES = [
  'booked',
  'arrived',
  'fitted',
  'no_show',
  'cancelled',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

const ProductIds = Type.String({
  pattern: '^[0-9a-fA-F-]{36}(,[0-9a-fA-F-]{36}){0,49}$',
  description: 'The products to fit, comma-separated ids: the slots wait for them to arrive',
  errorMessage: { pattern: 'must be product ids separated by commas' },
});

/** `GET /fitting-centres/:id/slots`. */
export const SlotQuery = Type.Object(
  {
    job: Type.Union(
      JOBS.map((job) => Type.Literal(job)),
      {
        description: 'pair, set of four, or a staggered set (front and rear sizes differ)',
        examples: ['four'],
      },
    ),
    tpms: Type.Optional(Type.Boolean({ description: 'The sensors are serviced too' })),
    products: Type.Optional(ProductIds),
    from: Type.Optional(CalendarDate),
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: 31, default: 7 })),
    day: Type.Optional(
      CloneType(CalendarDate, {
        description:
          'The day whose free times are listed one by one; the first listed day with a free ' +
          'time when left out or not among the days listed',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SlotQuery = Static<typeof SlotQuery>;

export const Slot = Type.Object({
  startsAt: Type.String({ format: 'date-time' }),
  endsAt: Type.String({ format: 'date-time' }),
  time: Type.String({ description: 'Local time at the centre, HH:MM' }),
});
export type Slot = Static<typeof Slot>;

/** A day of the list: how many times are free, or why none is. */
export const SlotDay = Type.Object({
  date: CalendarDate,
  free: Type.Integer({ minimum: 0, description: 'How many start times are free that day' }),
  why: Type.Union([Type.String(), Type.Null()], {
    description: 'Why a day has no slots (closed, full, the tyres arrive later), else null',
  }),
});
export type SlotDay = Static<typeof SlotDay>;

/** One day's free times, one by one. */
export const DayTimes = Type.Object({ date: CalendarDate, slots: Type.Array(Slot) });
export type DayTimes = Static<typeof DayTimes>;

/**
 * What a shopper's picker shows: the days with their count of free times, and one day's times
 * (the one asked, else the first with any). Another day's times are asked when it is chosen.
 */
export const Slots = Type.Object(
  {
    centreId: Id,
    timeZone: Type.String(),
    minutes: Type.Integer({ description: 'How long the job takes' }),
    earliest: Type.String({
      format: 'date-time',
      description: 'The tyres can be at the centre from then',
    }),
    days: Type.Array(SlotDay),
    day: Type.Union([DayTimes, Type.Null()], {
      description:
        'The free times of the day asked (`day`), else of the first listed day with a free ' +
        'time; null when no listed day has one',
    }),
  },
  { $id: 'Slots' },
);
export type Slots = Static<typeof Slots>;

/** What a checkout sends to book a fitting appointment instead of a fitting day. */
export const AppointmentChoice = Type.Object(
  {
    centreId: Id,
    startsAt: Type.String({ format: 'date-time' }),
    job: Type.Union(JOBS.map((job) => Type.Literal(job))),
    tpms: Type.Optional(Type.Boolean()),
    car: Type.Optional(
      Type.String({ maxLength: 120, description: 'The car, as the shopper says' }),
    ),
  },
  { additionalProperties: false },
);
export type AppointmentChoice = Static<typeof AppointmentChoice>;

export const Appointment = Type.Object(
  {
    _id: Id,
    centre: FittingCentre,
    startsAt: Type.String({ format: 'date-time' }),
    endsAt: Type.String({ format: 'date-time' }),
    bay: Type.Integer({ minimum: 1 }),
    job: Type.Union(JOBS.map((job) => Type.Literal(job))),
    tpms: Type.Boolean(),
    car: Type.String(),
    status: Type.Union(APPOINTMENT_STATUSES.map((status) => Type.Literal(status))),
    checkoutId: Type.Union([Id, Type.Null()]),
    tyresReadyAt: Type.String({
      format: 'date-time',
      description: 'When the tyres are due at the centre',
    }),
    tyresArrived: Type.Boolean({ description: 'Due by now' }),
    paid: Type.Boolean(),
    changeableUntil: Type.String({ format: 'date-time' }),
  },
  { $id: 'Appointment' },
);
export type Appointment = Static<typeof Appointment>;

export const Appointments = Type.Array(Appointment, { $id: 'Appointments' });

/** `PATCH /appointments/:id`: a new time at the same centre. */
export const MoveAppointmentBody = Type.Object(
  { startsAt: Type.String({ format: 'date-time' }) },
  { additionalProperties: false },
);

/** `POST /appointments/:id/status`: what the fitter saw. */
export const FitterMarkBody = Type.Object(
  {
    status: Type.Union([Type.Literal('arrived'), Type.Literal('fitted'), Type.Literal('no_show')]),
  },
  { additionalProperties: false },
);

/** One line of the fitter's day. */
export const FitterAppointment = Type.Object({
  ...Appointment.properties,
  customer: Type.String(),
  phone: Type.String(),
  tyres: Type.Array(Type.Object({ name: Type.String(), quantity: Type.Integer() })),
});
export type FitterAppointment = Static<typeof FitterAppointment>;

/** Days the fitter's day shows at once by default (today and tomorrow), and at most. */
export const FITTER_DAYS = { default: 2, max: 7 } as const;

/** `GET /fitting-centres/:id/day`: from which day, and how many days. */
export const FitterDayQuery = Type.Object(
  {
    from: Type.Optional(
      CloneType(CalendarDate, {
        description: "The first day shown; the centre's today if left out",
      }),
    ),
    days: Type.Optional(
      Type.Integer({ minimum: 1, maximum: FITTER_DAYS.max, default: FITTER_DAYS.default }),
    ),
  },
  { additionalProperties: false },
);
export type FitterDayQuery = Static<typeof FitterDayQuery>;

export const FitterDay = Type.Object(
  {
    centre: FittingCentre,
    /** The centre's today, so the page can say Today and Tomorrow. */
    today: CalendarDate,
    /** The days shown, in order: `from` and those after it. */
    days: Type.Array(CalendarDate),
    appointments: Type.Array(FitterAppointment, {
      description: 'Those of the days shown, by time',
    }),
  },
  { $id: 'FitterDay' },
);
export type FitterDay = Static<typeof FitterDay>;
