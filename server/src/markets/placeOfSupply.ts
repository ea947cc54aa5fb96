import type { CheckoutBody } from '../../../contract/checkout';
import { marketCopy } from '../../../contract/marketCopy';
import type { DbOrTx } from '../catalog/productTable';
import { Invalid } from '../domainErrors';
import { findCentre } from '../fittingCentres/centreTable';
import { stateOfZip } from '../fittingCentres/postcodes';

/** Where a checkout is taxed, and so the market it is priced in. */
export interface PlaceOfSupply {
  country: string;
  /** A US state where the market's tax depends on it. */
  region: string | null;
  postalCode: string | null;
}

/**
 * A fitting at a centre is supplied at the centre: its country and, in the US, the state of its
 * ZIP, whatever the form names. A delivery is taxed where the form sends it, a US ZIP having to
 * lie in the state named. Null: the form names no country and books no centre, the spec's
 * checkout in dollars.
 */
export async function placeOfSupply(
  db: DbOrTx,
  body: Pick<CheckoutBody, 'country' | 'region' | 'postalCode' | 'appointment'>,
): Promise<PlaceOfSupply | null> {
  const centre = body.appointment ? await findCentre(db, body.appointment.centreId) : null;
  // An unknown centre is refused by the booking, in its own words.
  if (centre) {
    return {
      country: centre.country,
      region: centre.country === 'US' ? stateOfZip(centre.postcode) : null,
      postalCode: centre.postcode,
    };
  }
  if (!body.country) return null;
  const region = body.region?.trim().toUpperCase() || null;
  const postalCode = body.postalCode?.trim() || null;
  if (body.country === 'US' && postalCode && region) {
    const state = stateOfZip(postalCode);
    if (state && state !== region) {
      throw new Invalid(marketCopy.refused.zipNotInState(postalCode, state, region), 'postalCode');
    }
  }
  return { country: body.country, region, postalCode };
}
