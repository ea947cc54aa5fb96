import { MAIN_PLACE } from '../../../contract/stockPlaces';

/** The stock places' refusals, in the words of the staff who manage them. */
export const stockPlaceWords = {
  notFound: (code: string) => `There is no stock place ${code}.`,
  codeTaken: (code: string) => `The code ${code} is taken by another place: choose another.`,
  noSuchCentre: 'That fitting centre does not exist (any more). Reload and choose again.',
  mainStays: `The main warehouse (${MAIN_PLACE}) keeps every product no other place keeps: it cannot be removed.`,
  mainIsWarehouse: `The main warehouse (${MAIN_PLACE}) is a warehouse: it cannot be a centre's shelf.`,
  noSuchProducts: (count: number) =>
    count === 1
      ? 'One of these products does not exist. Reload and choose again.'
      : `${count} of these products do not exist. Reload and choose again.`,
};
