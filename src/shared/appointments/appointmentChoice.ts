import type { Job } from '@contract/appointments';
import type { CentreCountry } from '@contract/fittingCentres';

/** What the checkout form holds of a fitting appointment while the shopper chooses it. */
export interface AppointmentFields {
  postcode: string;
  centreCountry: CentreCountry;
  centreId: string;
  startsAt: string;
  /** The car has pressure sensors (the API found it from the car): the job takes longer. */
  tpms: boolean;
  car: string;
}

export const emptyAppointmentFields: AppointmentFields = {
  postcode: '',
  centreCountry: 'US',
  centreId: '',
  startsAt: '',
  tpms: false,
  car: '',
};

/**
 * The job the bag makes: two different tyres two by two are a staggered set (front and rear
 * differ), four or more units a set of four, fewer a pair.
 */
export function jobOf(lines: ReadonlyArray<{ quantity: number }>): Job {
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (lines.length === 2 && lines.every((line) => line.quantity === 2)) return 'staggered';
  return units >= 4 ? 'four' : 'pair';
}
