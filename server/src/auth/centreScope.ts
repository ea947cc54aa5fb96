import { Forbidden } from '../domainErrors';
import { refusals } from '../refusals';
import { can, type Identity } from './guards';

/**
 * The fitting role's scope (issue 52): a fitter runs the fitter's day of their own centres only;
 * the owner, admins and a fitter of every centre run them all. Each fitting call asks here for
 * the centre it touches, beside its `fitting.run` guard.
 */

/** Whether the caller may run the fitting at this centre. */
export const runsCentre = (identity: Identity, centreId: string) =>
  can(identity, 'fitting.run') &&
  (identity.centres === null || identity.centres.includes(centreId));

/** Refuses, in words, a fitter of other centres. */
export function assertRunsCentre(identity: Identity, centreId: string) {
  if (!runsCentre(identity, centreId)) throw new Forbidden(refusals.staff.notYourCentre);
}

/** Refuses a fitter scoped to some centres what is the whole shop's (the fitting days). */
export function assertRunsEveryCentre(identity: Identity) {
  if (identity.centres !== null) throw new Forbidden(refusals.staff.notEveryCentre);
}
