import type { Product } from '@contract/products';
import { carFitCopy, fitmentFindings, ruleTyreOf } from '@contract/fitmentRules';
import { useGetVehicleQuery } from './vehiclesApi';

/**
 * The word on a tyre's card for the chosen car, by the rules checkout runs
 * (contract/fitmentRules.ts): why it is not for the car (below its load index or speed rating),
 * else that its maker approved it (its OE mark is one of the car's; the API lists those first).
 */
export function useCarNote(vehicle: string | null): (product: Product) => string | undefined {
  const car = useGetVehicleQuery(vehicle ?? '', { skip: !vehicle });
  return (product) => {
    if (!car.data || product.category !== 'tyre') return undefined;
    const refusal = fitmentFindings(car.data, [ruleTyreOf(product, 4)], {
      market: '',
      day: '',
    }).find((finding) => finding.level === 'refusal');
    if (refusal) return carFitCopy.notForCar(refusal.message);
    const mark = product.marks.oeMark;
    return mark && car.data.oeMarks.includes(mark) ? carFitCopy.oeNote(mark) : undefined;
  };
}
