import { CHANGE_DEADLINE_HOURS } from '../../../contract/appointments';

/** The appointments' refusals and reasons, in the shopper's and the fitter's words. */
export const appointmentWords = {
  why: {
    closedWeekday: 'The centre is closed on this day of the week.',
    closedDay: 'The centre is closed on this day.',
    tooShort: 'The centre is not open long enough that day for this job.',
    tyresLater: 'Your tyres cannot be at this centre yet on this day.',
    tooSoon: 'Too soon to book: slots start at least an hour from now.',
    full: 'Every bay is taken this day.',
  },
  notFound: 'There is no such appointment.',
  centreNotOffered: 'This fitting centre is not taking bookings.',
  cannotFit: (centre: string, reasons: readonly string[]) =>
    `${centre} cannot fit these tyres. ${reasons.join(' ')} Choose another centre.`,
  slotGone:
    'Someone has just booked that time, or it is no longer offered. Choose another time: the list is up to date now.',
  notSlot: 'That time is not one of the centre’s slots for this job.',
  tooLateToChange: `It is too late to change this appointment: changes close ${CHANGE_DEADLINE_HOURS} hours before it starts. Call the centre instead.`,
  notChangeable: (status: string) =>
    `This appointment is ${status.replace('_', '-')}: it cannot be changed.`,
  notMarkable: (status: string, mark: string) =>
    `This appointment is ${status.replace('_', '-')}: it cannot be marked ${mark.replace('_', '-')}.`,
  notPaid: 'This fitting is not paid yet: it can be marked fitted once it is paid.',
  fittedAt: (centre: string) => `Fitted at ${centre}`,
  /** The order's history, when a cancelled appointment gives its fitting lines back. */
  fittingLinesBack:
    'Fitting appointment cancelled: its fitting, valves and disposal are given back.',
  fittingAndAppointment: 'Choose a fitting day or a fitting appointment, not both.',
};
